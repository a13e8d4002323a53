import { RebatePaths } from '@fortuna/contracts/rebates';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { failAnswer, fakeApi, okAnswer } from '../../../test/fake-api.ts';
import { renderInLobby } from '../../../test/render-in-lobby.tsx';
import { ManualRebatePopup } from './manual-rebate-popup.tsx';

const ACCRUED = {
  categories: [
    { category: 'RNG', rateBp: 150, validBetMinor: '1234500', accruedMinor: '18517' },
    { category: 'LIVE', rateBp: 80, validBetMinor: '0', accruedMinor: '0' },
  ],
  totalMinor: '18517',
  claimEnabled: true,
  fromDay: '2026-11-19',
};

describe('ManualRebatePopup (spec 2.4, ADR 039)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('when it opens, then each category shows its rate, valid bets and rebate, and the total', async () => {
    fakeApi({ [`GET ${RebatePaths.accrued}`]: () => okAnswer(ACCRUED) });
    renderInLobby(<ManualRebatePopup onClose={() => undefined} />);
    const slots = await screen.findByTestId('rebate-row-RNG');
    expect(slots.textContent).toContain('Slots');
    expect(slots.textContent).toContain('1.5%');
    expect(slots.textContent).toContain('12,345.00');
    expect(slots.textContent).toContain('185.17');
    expect(screen.getByTestId('rebate-total').textContent).toContain('185.17');
    expect((screen.getByTestId('rebate-claim') as HTMLButtonElement).disabled).toBe(false);
  });

  it('when Claim is pressed, then the claim is sent once and what was paid is shown', async () => {
    const api = fakeApi({
      [`GET ${RebatePaths.accrued}`]: () => okAnswer(ACCRUED),
      [`POST ${RebatePaths.claim}`]: () =>
        okAnswer({
          claimedMinor: '18517',
          categories: [{ category: 'RNG', amountMinor: '18517' }],
          balanceMinor: '18517',
        }),
    });
    renderInLobby(<ManualRebatePopup onClose={() => undefined} />);
    fireEvent.click(await screen.findByTestId('rebate-claim'));
    expect((await screen.findByTestId('rebate-claimed')).textContent).toContain('185.17');
    expect(api.callsTo('POST', RebatePaths.claim)).toHaveLength(1);
  });

  it('when there is nothing to claim, then the button is held; a refused claim says why', async () => {
    fakeApi({
      [`GET ${RebatePaths.accrued}`]: () => okAnswer({ ...ACCRUED, totalMinor: '1' }),
      [`POST ${RebatePaths.claim}`]: () =>
        failAnswer(409, 'NOTHING_TO_CLAIM', 'There is no rebate to claim right now'),
    });
    renderInLobby(<ManualRebatePopup onClose={() => undefined} />);
    fireEvent.click(await screen.findByTestId('rebate-claim'));
    expect((await screen.findByRole('alert')).textContent).toBe('There is no rebate to claim right now');
  });

  it('when nothing has accrued, then Claim cannot be pressed', async () => {
    fakeApi({ [`GET ${RebatePaths.accrued}`]: () => okAnswer({ ...ACCRUED, totalMinor: '0' }) });
    renderInLobby(<ManualRebatePopup onClose={() => undefined} />);
    expect(((await screen.findByTestId('rebate-claim')) as HTMLButtonElement).disabled).toBe(true);
  });
});
