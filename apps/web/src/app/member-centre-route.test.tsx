import { MessagePaths } from '@fortuna/contracts/messages';
import { PromotionClaimPaths } from '@fortuna/contracts/promotion-claims';
import { WalletCallPaths } from '@fortuna/contracts/wallet';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memberPromotion } from '../features/promotions/test-promotions.ts';
import { permissionQuery } from '../shared/api/site.ts';
import '../i18n/i18n.ts';
import { useSession } from '../shared/session/session-store.ts';
import { DialogHost } from '../shared/ui/dialog/dialog-host.tsx';
import { fakeApi, okAnswer } from '../test/fake-api.ts';
import { logInAs, memberFixture } from '../test/member-fixture.ts';
import { permissionFixture } from '../test/permission-fixture.ts';
import { MemberCentreRoute } from './member-centre-route.tsx';

/** The centre at /member with `search`; other paths render their name, like renderInLobby. */
function openCentre(search = '') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(permissionQuery.queryKey, permissionFixture());
  const router = createMemoryRouter(
    [
      {
        path: '/member',
        element: <MemberCentreRoute />,
      },
      { path: '*', element: <p>page elsewhere</p> },
    ],
    { initialEntries: [`/member${search}`] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {/* Outside the routes, as in the root layout: a dialog outlives the page that opened it. */}
      <DialogHost />
    </QueryClientProvider>,
  );
  return { router };
}

describe('member centre route (spec 2.6, 4.10)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    act(() => useSession.getState().endSession());
  });

  it('when opened without ?page=, then the menu lists spec 2.6 in order and My account is active', async () => {
    fakeApi({ [`GET ${WalletCallPaths.paymentPassword}`]: () => okAnswer({ isSet: false }) });
    logInAs(memberFixture());
    openCentre();
    const menu = screen.getByRole('navigation', { name: 'Member centre pages' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'My account',
      'My wallet',
      'Deposit',
      'Withdraw',
      'Transfer to upline',
      'Betting record',
      'Account record',
      'Personal profit and loss',
      'Bonus details',
      'Reward centre',
      'Invite friends',
      'Missions',
      'Platform messages',
    ]);
    expect(within(menu).getByRole('link', { current: 'page' }).textContent).toBe('My account');
    expect(await screen.findByTestId('account-summary')).toBeTruthy();
  });

  it('when a page not built yet is chosen, then it says when it arrives and shows nothing pretend', async () => {
    fakeApi({});
    logInAs(memberFixture());
    const { router } = openCentre('?page=referral');
    fireEvent.click(screen.getByRole('link', { name: 'Missions' }));
    expect(router.state.location.search).toBe('?page=missionLeaderboard');
    expect((await screen.findByTestId('arrives-later')).textContent).toMatch(/Missions arrive/);
  });

  it('when the member can claim promotions, then rewardCenter has the red badge with their count (availablePromoCount), and a claim there drops it', async () => {
    let claimable = 2;
    const promotion = (id: string) =>
      memberPromotion({ id, title: `Bonus ${id}`, status: Number(id) <= claimable ? 'CLAIM' : 'CLAIMED' });
    fakeApi({
      [`GET ${PromotionClaimPaths.mine}`]: () =>
        okAnswer({ promotions: [promotion('1'), promotion('2')], availablePromoCount: claimable }),
      [`POST ${PromotionClaimPaths.claim.replace(':id', '2')}`]: () => {
        claimable = 1;
        return okAnswer({ grantId: '9', bonusMinor: '10000', requiredMinor: '10000' });
      },
    });
    logInAs(memberFixture());
    openCentre('?page=rewardCenter');
    expect((await screen.findByTestId('member-centre-badge-rewardCenter')).textContent).toBe('2');
    const claimableNow = await screen.findByTestId('reward-claimable');
    expect(within(claimableNow).getAllByRole('article')).toHaveLength(2);
    fireEvent.click(within(screen.getByTestId('reward-2')).getByTestId('promotion-claim'));
    await vi.waitFor(() =>
      expect(screen.getByTestId('member-centre-badge-rewardCenter').textContent).toBe('1'),
    );
    expect(within(screen.getByTestId('reward-claimable')).getAllByRole('article')).toHaveLength(1);
    // A generous timeout: a loaded machine can take seconds over the renders a claim needs.
  }, 20_000);

  it('when the member has unread messages, then only messageV2 has a badge, and opening one clears it', async () => {
    let unread = 1;
    const message = { id: '7', title: 'Welcome', body: 'Line one\nLine two', sentAt: '2026-01-05T07:03:09Z' };
    const api = fakeApi({
      [`GET ${MessagePaths.unreadCount}`]: () => okAnswer({ unreadCount: unread }),
      [`GET ${MessagePaths.inbox}`]: () =>
        okAnswer({
          items: [{ ...message, read: unread === 0 }],
          page: 1,
          pageSize: 10,
          total: 1,
          unreadCount: unread,
        }),
      [`GET ${MessagePaths.message.replace(':id', '7')}`]: () => {
        unread = 0;
        return okAnswer({ ...message, read: true });
      },
    });
    logInAs(memberFixture());
    openCentre('?page=messageV2');
    expect((await screen.findByTestId('member-centre-badge-messageV2')).textContent).toBe('1');
    expect(screen.queryByTestId('member-centre-badge-missionLeaderboard')).toBeNull();
    expect(screen.queryByTestId('member-centre-badge-rewardCenter')).toBeNull();
    fireEvent.click(await screen.findByTestId('message-open-7'));
    expect((await screen.findByTestId('message-body-7')).textContent).toContain('Line one\nLine two');
    await vi.waitFor(() => expect(screen.queryByTestId('member-centre-badge-messageV2')).toBeNull());
    expect(api.callsTo('GET', MessagePaths.message.replace(':id', '7'))).toHaveLength(1);
  });

  it('when the centre was the first page opened, then closing goes home', () => {
    fakeApi({});
    logInAs(memberFixture());
    const { router } = openCentre('?page=referral');
    fireEvent.click(screen.getByTestId('member-centre-close'));
    expect(router.state.location.pathname).toBe('/');
  });

  it('when a trial account opens it, then the real-account notice shows and the member goes home', async () => {
    const api = fakeApi({});
    logInAs(memberFixture({ isTrial: true, type: 4 }));
    const { router } = openCentre('?page=transferFund');
    expect(await screen.findByTestId('trial-notice')).toBeTruthy();
    expect(screen.queryByTestId('member-centre')).toBeNull();
    expect(router.state.location.pathname).toBe('/');
    expect(api.calls).toHaveLength(0);
  });
});
