// @vitest-environment jsdom
// The detail page renders operator HTML: DOMPurify cleans only in jsdom (see shared/ui/safe-html.test.tsx).
import { PromotionApplicationPaths } from '@fortuna/contracts/promotion-applications';
import { PromotionClaimPaths } from '@fortuna/contracts/promotion-claims';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { fakeApi, okAnswer } from '../../../test/fake-api.ts';
import { logInAs, memberFixture } from '../../../test/member-fixture.ts';
import { renderInLobby } from '../../../test/render-in-lobby.tsx';
import { PromotionDetailPage } from '../routes/promotion-detail-page.tsx';
import { memberPromotion } from '../test-promotions.ts';

const applied = (status: 'JOIN' | 'APPLYING' | 'REJECTED', rejectionNote: string | null = null) =>
  memberPromotion({
    id: '7',
    type: 'GAMING',
    trigger: 'MANUAL_APPLICATION',
    title: 'Tournament prize',
    status,
    rejectionNote,
  });

function serve(list: () => ReturnType<typeof memberPromotion>[]) {
  return fakeApi({
    [`GET ${PromotionClaimPaths.mine}`]: () => okAnswer({ promotions: list(), availablePromoCount: 0 }),
    [`POST ${PromotionApplicationPaths.apply.replace(':id', '7')}`]: () => ({
      status: 201,
      ...okAnswer({
        id: '1',
        promotionId: '7',
        status: 'PENDING',
        comment: '',
        imageCount: 0,
        createdAt: '2026-01-01T00:00:00Z',
      }),
    }),
  });
}

const openDetail = () =>
  renderInLobby(<PromotionDetailPage />, { path: '/promotions/:id', search: '' }).router.navigate(
    '/promotions/7',
  );

describe('Apply on the promotion detail page (ADR 065)', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    act(() => useSession.getState().endSession());
  });

  it('when the member may apply, then Apply opens the dialog, and once sent the page says it is under review', async () => {
    let status: 'JOIN' | 'APPLYING' = 'JOIN';
    const api = serve(() => [applied(status)]);
    logInAs(memberFixture());
    await openDetail();
    const slot = await screen.findByTestId('promotion-apply-slot');
    fireEvent.click(within(slot).getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByTestId('apply-dialog');
    expect(within(dialog).getByText('Apply: Tournament prize')).toBeTruthy();
    status = 'APPLYING';
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send application' }));
    expect((await within(dialog).findByRole('status')).textContent).toContain('Application sent');
    await waitFor(() =>
      expect(screen.getByTestId('promotion-apply-slot').textContent).toContain(
        'Your application is being reviewed.',
      ),
    );
    expect(api.callsTo('POST', PromotionApplicationPaths.apply.replace(':id', '7'))).toHaveLength(1);
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByTestId('apply-dialog')).toBeNull());
    expect(within(screen.getByTestId('promotion-apply-slot')).queryByRole('button')).toBeNull();
  });

  it('when the last application was rejected, then the note shows beside Apply again', async () => {
    serve(() => [applied('REJECTED', 'Blurry photo')]);
    logInAs(memberFixture());
    await openDetail();
    const slot = await screen.findByTestId('promotion-apply-slot');
    expect(slot.textContent).toContain('Your last application was rejected: Blurry photo');
    expect(within(slot).getByRole('button', { name: 'Apply again' })).toBeTruthy();
  });
});
