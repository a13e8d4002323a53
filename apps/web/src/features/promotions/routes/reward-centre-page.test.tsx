// @vitest-environment jsdom
import { PromotionClaimPaths } from '@fortuna/contracts/promotion-claims';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { fakeApi, okAnswer } from '../../../test/fake-api.ts';
import { logInAs, memberFixture } from '../../../test/member-fixture.ts';
import { renderInLobby } from '../../../test/render-in-lobby.tsx';
import { memberPromotion } from '../test-promotions.ts';
import { RewardCentrePage } from './reward-centre-page.tsx';

describe('RewardCentrePage (spec 2.6 rewardCenter)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    act(() => useSession.getState().endSession());
  });

  it('when some promotions are claimable and some in progress, then those two are listed apart and nothing else is', async () => {
    fakeApi({
      [`GET ${PromotionClaimPaths.mine}`]: () =>
        okAnswer({
          promotions: [
            memberPromotion(),
            memberPromotion({
              id: '3',
              status: 'PROCESS',
              trigger: 'VALID_BETS',
              progressMinor: '100',
              thresholdMinor: '500',
            }),
            memberPromotion({ id: '4', status: 'CLAIMED' }),
            memberPromotion({ id: '5', status: 'COMING_SOON' }),
          ],
          availablePromoCount: 1,
        }),
    });
    logInAs(memberFixture());
    renderInLobby(<RewardCentrePage />);
    expect((await screen.findByTestId('reward-claimable')).textContent).toContain('Welcome bonus');
    expect(screen.getByTestId('reward-2').querySelector('[data-testid="promotion-claim"]')).toBeTruthy();
    expect(screen.getByTestId('reward-in-progress').textContent).toContain('Your valid bets so far');
    expect(screen.queryByTestId('reward-4')).toBeNull();
    expect(screen.queryByTestId('reward-5')).toBeNull();
  });

  it('when nothing is claimable or in progress, then it says so and leads to the promotions', async () => {
    fakeApi({
      [`GET ${PromotionClaimPaths.mine}`]: () =>
        okAnswer({ promotions: [memberPromotion({ status: 'CLAIMED' })], availablePromoCount: 0 }),
    });
    logInAs(memberFixture());
    renderInLobby(<RewardCentrePage />);
    expect(await screen.findByText('Nothing to claim right now')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Promotions' }).getAttribute('href')).toBe('/promotions');
  });
});
