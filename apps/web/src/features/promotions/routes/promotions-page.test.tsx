// @vitest-environment jsdom
// The page renders operator HTML: DOMPurify cleans only in jsdom (see shared/ui/safe-html.test.tsx).
import { PromotionClaimPaths } from '@fortuna/contracts/promotion-claims';
import { PromotionPaths } from '@fortuna/contracts/promotions';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { fakeApi, okAnswer } from '../../../test/fake-api.ts';
import { logInAs, memberFixture } from '../../../test/member-fixture.ts';
import { renderInLobby } from '../../../test/render-in-lobby.tsx';
import { memberPromotion, runningPromotion } from '../test-promotions.ts';
import { PromotionsPage } from './promotions-page.tsx';

const SLOTS = runningPromotion({
  id: '3',
  code: 'SLOTS_WEEK',
  type: 'SLOTS',
  title: 'Slots week',
  automatic: false,
});
const SLOTS_2 = { ...SLOTS, id: '4', code: 'SLOTS_NIGHT', title: 'Slots night' };

describe('PromotionsPage (spec 2.12, 4.10)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    act(() => useSession.getState().endSession());
  });

  it('when a guest opens it, then the running promotions show with only the types they have, each with its count, and a chip filters the list and the address', async () => {
    fakeApi({
      [`GET ${PromotionPaths.running}`]: () => okAnswer({ promotions: [runningPromotion(), SLOTS, SLOTS_2] }),
    });
    const { router } = renderInLobby(<PromotionsPage />, { path: '/promotions' });
    await screen.findByTestId('promotions-list');
    const chips = screen.getAllByRole('button', { pressed: false }).map((chip) => chip.textContent);
    expect(chips).toEqual(['Slots 2', 'Deposit 1']);
    expect(screen.getByRole('button', { pressed: true }).textContent).toBe('All 3');
    // A guest has no standing: no status on the cards.
    expect(screen.queryByTestId('promotion-status')).toBeNull();
    fireEvent.click(screen.getByTestId('promotion-filter-SLOTS'));
    expect(router.state.location.search).toBe('?type=SLOTS');
    expect(screen.queryByTestId('promotion-1')).toBeNull();
    expect(screen.getByTestId('promotion-3').textContent).toContain('Slots week');
    expect(screen.getByTestId('promotion-4')).toBeTruthy();
    // The deposit promotion's reward is stated on its card, and the card leads to its details.
    fireEvent.click(screen.getByTestId('promotion-filter-ALL'));
    expect(screen.getByTestId('promotion-1').textContent).toContain('100% of your deposit, up to');
    expect(screen.getAllByRole('link', { name: 'Details' })[0]?.getAttribute('href')).toBe('/promotions/1');
  });

  it('when the address asks for a type no promotion has, then all are shown rather than an empty page', async () => {
    fakeApi({ [`GET ${PromotionPaths.running}`]: () => okAnswer({ promotions: [runningPromotion()] }) });
    renderInLobby(<PromotionsPage />, { path: '/promotions', search: '?type=FISHING' });
    expect(await screen.findByTestId('promotion-1')).toBeTruthy();
    expect(screen.getByRole('button', { pressed: true }).textContent).toBe('All 1');
  });

  it('when a member opens it, then the member’s own list shows each status in spec 4.10’s words', async () => {
    const api = fakeApi({
      [`GET ${PromotionClaimPaths.mine}`]: () =>
        okAnswer({
          promotions: [
            memberPromotion(),
            memberPromotion({ id: '5', status: 'COMING_SOON', title: 'Next week' }),
            memberPromotion({ id: '6', status: 'CLOSE', type: 'SLOTS', title: 'Over' }),
          ],
          availablePromoCount: 1,
        }),
    });
    logInAs(memberFixture());
    renderInLobby(<PromotionsPage />, { path: '/promotions' });
    await screen.findByTestId('promotions-list');
    expect(screen.getAllByTestId('promotion-status').map((status) => status.textContent)).toEqual([
      'Claim',
      'Coming soon',
      'Closed',
    ]);
    expect(api.callsTo('GET', PromotionPaths.running)).toHaveLength(0);
  });

  it('when none is running, then the page says so plainly', async () => {
    fakeApi({ [`GET ${PromotionPaths.running}`]: () => okAnswer({ promotions: [] }) });
    renderInLobby(<PromotionsPage />);
    expect(await screen.findByText(/No promotions right now/)).toBeTruthy();
  });
});
