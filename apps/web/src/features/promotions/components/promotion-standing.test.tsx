// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import { ApiError } from '../../../shared/api/api-error.ts';
import { formatDateTime } from '../../../shared/format/date-time.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderInLobby } from '../../../test/render-in-lobby.tsx';
import { claimFailureMessage } from '../api/claim-promotion.ts';
import { viewOfMine } from '../api/promotion-views.ts';
import { memberPromotion } from '../test-promotions.ts';
import { PromotionStanding } from './promotion-standing.tsx';

/** A loss cashback of a member, its window fixed far from any test's clock. */
function lossCashback(status: 'PROCESS' | 'CLOSE', window: { startsAt: string; endsAt: string }) {
  return viewOfMine(
    memberPromotion({
      trigger: 'LOSS',
      status,
      progressMinor: '30000',
      thresholdMinor: '100000',
      lossWindow: window,
    }),
  );
}
const OPEN = { startsAt: '2026-01-01T00:00:00.000Z', endsAt: '2999-01-08T00:00:00.000Z' };
const CLOSED = { startsAt: '2020-01-01T00:00:00.000Z', endsAt: '2020-01-08T00:00:00.000Z' };

async function standingIn(language: 'EN' | 'TY', promotion: ReturnType<typeof lossCashback>) {
  await act(() => i18n.changeLanguage(language));
  fakeApi({});
  renderInLobby(
    <p data-testid="standing">
      <PromotionStanding promotion={promotion} />
    </p>,
  );
  return (await screen.findByTestId('standing')).textContent ?? '';
}

// A generous timeout: a loaded machine can take seconds over a render.
describe('Where a loss cashback stands (issue 18, ADR 073)', { timeout: 20_000 }, () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('EN'));
  });

  it('when the loss is still counting, then the member reads the loss so far, the least loss and when the window closes', async () => {
    const to = formatDateTime(OPEN.endsAt);
    expect(await standingIn('EN', lossCashback('PROCESS', OPEN))).toMatch(
      new RegExp(
        `^Your net loss so far: .*300\\.00 \\(at least .*1,000\\.00 earns the cashback\\)\\. It is counted until ${to}; claim it after that\\.$`,
      ),
    );
  });

  it('when the loss is still counting, then a Tagalog reader reads the same', async () => {
    expect(await standingIn('TY', lossCashback('PROCESS', OPEN))).toContain(
      `Binibilang ito hanggang ${formatDateTime(OPEN.endsAt)}`,
    );
  });

  it('when the window closed short of the least loss, then the member reads by how much, not merely "closed"', async () => {
    expect(await standingIn('EN', lossCashback('CLOSE', CLOSED))).toMatch(
      new RegExp(
        `^Your net loss from ${formatDateTime(CLOSED.startsAt)} to ${formatDateTime(CLOSED.endsAt)} was .*300\\.00: .*700\\.00 short of the .*1,000\\.00 this cashback needs\\.$`,
      ),
    );
  });

  it('when the window closed short, then a Tagalog reader reads by how much too', async () => {
    expect(await standingIn('TY', lossCashback('CLOSE', CLOSED))).toMatch(
      /kulang ng .*700\.00 sa .*1,000\.00/,
    );
  });

  it('when a loss cashback is closed while its window is open (paused), then it says closed, not short', async () => {
    expect(await standingIn('EN', lossCashback('CLOSE', OPEN))).toBe(
      'This promotion is closed: it has ended, is paused or its budget is spent.',
    );
  });

  it('when a claim is refused as still counting, then the message says until when the loss is counted', () => {
    const refused = new ApiError('CONFLICT', 'counting', 409, [], { reason: 'LOSS_COUNTING' });
    expect(claimFailureMessage(refused, i18n.t, { lossWindow: OPEN })).toBe(
      `Your loss is counted until ${formatDateTime(OPEN.endsAt)}: claim the cashback after that.`,
    );
  });
});
