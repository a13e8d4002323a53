// @vitest-environment jsdom
// The page renders operator HTML: DOMPurify cleans only in jsdom (see shared/ui/safe-html.test.tsx).
import { PromotionClaimPaths } from '@fortuna/contracts/promotion-claims';
import { PromotionPaths } from '@fortuna/contracts/promotions';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { usePopups } from '../../../shared/state/popups.ts';
import { DialogHost } from '../../../shared/ui/dialog/dialog-host.tsx';
import { useDialogs } from '../../../shared/ui/dialog/dialog-store.ts';
import { failAnswer, fakeApi, okAnswer } from '../../../test/fake-api.ts';
import { logInAs, memberFixture } from '../../../test/member-fixture.ts';
import { renderInLobby } from '../../../test/render-in-lobby.tsx';
import { DEPOSIT_TERMS, memberPromotion, runningPromotion } from '../test-promotions.ts';
import { PromotionDetailPage } from './promotion-detail-page.tsx';

const openDetail = (id: string) =>
  renderInLobby(
    <>
      <PromotionDetailPage />
      <DialogHost />
    </>,
    { path: '/promotions/:id', search: '' },
  ).router.navigate(`/promotions/${id}`);

/** The member's list, answered from `list()` each time it is asked. */
function memberApi(
  list: () => ReturnType<typeof memberPromotion>[],
  claim = () => okAnswer({ grantId: '9', bonusMinor: '10000', requiredMinor: '50000' }),
) {
  return fakeApi({
    [`GET ${PromotionClaimPaths.mine}`]: () =>
      okAnswer({
        promotions: list(),
        availablePromoCount: list().filter((promotion) => promotion.status === 'CLAIM').length,
      }),
    [`POST ${PromotionClaimPaths.claim.replace(':id', '2')}`]: claim,
  });
}

// A generous timeout: a loaded machine can take seconds over the few renders a claim needs.
describe('PromotionDetailPage (issue 18)', { timeout: 20_000 }, () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    act(() => {
      useSession.getState().endSession();
      usePopups.getState().close();
      useDialogs.setState({ dialogs: [] });
    });
    await i18n.changeLanguage('EN');
  });

  it('when a guest opens a deposit promotion, then its cleaned text and every term that matters are stated, the withdrawal rule plainly, and taking part asks for a login', async () => {
    fakeApi({
      [`GET ${PromotionPaths.running}`]: () =>
        okAnswer({
          promotions: [
            runningPromotion({
              bodyHtml:
                '<p>Doubled <strong>now</strong></p><img src="http://evil.example/x.png" onerror="alert(1)">',
            }),
          ],
        }),
    });
    await openDetail('1');
    const detail = await screen.findByTestId('promotion-detail');
    expect(detail.querySelector('strong')?.textContent).toBe('now');
    expect(detail.innerHTML).not.toContain('onerror');
    expect(screen.getByTestId('promotion-reward').textContent).toMatch(
      /100% of your deposit, up to .*1,000\.00/,
    );
    expect(screen.getByTestId('promotion-wagering').textContent).toBe(
      'Released once your valid bets reach 5× the deposit plus the bonus.',
    );
    expect(screen.getByTestId('promotion-weights').textContent).toContain('Slots 100% · Card games 20%');
    expect(screen.getByTestId('promotion-terms').textContent).toMatch(
      /Rounds staking more than this do not count: .*50\.00/,
    );
    expect(screen.getByTestId('promotion-withdrawal-rule').textContent).toContain('this bonus is forfeited');
    fireEvent.click(screen.getByTestId('promotion-take-part'));
    expect(usePopups.getState().open).toBe('login');
  });

  it('when a promotion blocks withdrawals, then that is what the page says, before any claim', async () => {
    fakeApi({
      [`GET ${PromotionPaths.running}`]: () =>
        okAnswer({
          promotions: [runningPromotion({ terms: { ...DEPOSIT_TERMS, withdrawalRule: 'BLOCK' } })],
        }),
    });
    await openDetail('1');
    expect((await screen.findByTestId('promotion-withdrawal-rule')).textContent).toContain(
      'withdrawals are blocked until the wagering is met',
    );
  });

  it('when a trial account takes part, then it is asked to register a real account', async () => {
    fakeApi({ [`GET ${PromotionPaths.running}`]: () => okAnswer({ promotions: [runningPromotion()] }) });
    logInAs(memberFixture({ isTrial: true, type: 4 }), { loginType: 'freeplay' });
    await openDetail('1');
    fireEvent.click(await screen.findByTestId('promotion-take-part'));
    expect(await screen.findByTestId('trial-notice')).toBeTruthy();
  });

  it('when a member claims a claimable one, then the claim is made once, the bonus and its wagering are shown, and the list is asked again', async () => {
    let status: 'CLAIM' | 'CLAIMED' = 'CLAIM';
    const api = memberApi(
      () => [memberPromotion({ status })],
      () => {
        status = 'CLAIMED';
        return okAnswer({ grantId: '9', bonusMinor: '10000', requiredMinor: '50000' });
      },
    );
    logInAs(memberFixture());
    await openDetail('2');
    expect((await screen.findByTestId('promotion-status')).textContent).toBe('Claim');
    fireEvent.click(screen.getByTestId('promotion-claim'));
    const claimed = await screen.findByTestId('promotion-claimed');
    expect(claimed.textContent).toMatch(/Claimed! Bonus: .*100\.00 · to wager before release: .*500\.00/);
    expect(api.callsTo('POST', PromotionClaimPaths.claim.replace(':id', '2'))).toHaveLength(1);
    await vi.waitFor(() => expect(screen.getByTestId('promotion-status').textContent).toBe('Claimed'));
    // The list asked again says CLAIMED: what the claim gave still shows.
    expect(screen.getByTestId('promotion-claimed').textContent).toContain('100.00');
    expect(api.callsTo('GET', PromotionClaimPaths.mine).length).toBeGreaterThanOrEqual(2);
  });

  it.each([
    ['BUDGET_SPENT', 409, 'naibigay na ng promosyong ito ang buong budget'],
    ['ALREADY_CLAIMED', 409, 'Na-claim mo na ang promosyong ito'],
    ['CLOSED', 409, 'Natapos na o naka-pause'],
    ['NOT_OFFERED', 403, 'Hindi inaalok ang promosyong ito'],
  ])(
    'when a claim is refused for %s, then the reason is said in the member’s language (TY)',
    async (reason, status, words) => {
      await i18n.changeLanguage('TY');
      memberApi(
        () => [memberPromotion()],
        () =>
          failAnswer(status, status === 403 ? 'FORBIDDEN' : 'CONFLICT', 'English from the server', {
            issues: [],
            reason,
          }),
      );
      logInAs(memberFixture());
      await openDetail('2');
      fireEvent.click(await screen.findByTestId('promotion-claim'));
      expect((await screen.findByTestId('promotion-claim-error')).textContent).toContain(words);
    },
  );

  it('when a member’s promotion is wagering valid bets, coming soon or applied for, then it says where it stands and offers no claim', async () => {
    memberApi(() => [
      memberPromotion({
        status: 'PROCESS',
        trigger: 'VALID_BETS',
        progressMinor: '15000',
        thresholdMinor: '20000',
      }),
      memberPromotion({
        id: '7',
        status: 'REJECTED',
        trigger: 'MANUAL_APPLICATION',
        rejectionNote: 'Blurry photo',
      }),
    ]);
    logInAs(memberFixture());
    await openDetail('2');
    expect((await screen.findByTestId('promotion-standing')).textContent).toMatch(
      /Your valid bets so far: .*150\.00 \/ .*200\.00/,
    );
    expect(screen.queryByTestId('promotion-claim')).toBeNull();
    await act(() => openDetail('7'));
    expect((await screen.findByTestId('promotion-apply-slot')).textContent).toContain('Blurry photo');
  });

  it('when the promotion is not in the list (ended, or another audience), then the page says so and leads back', async () => {
    fakeApi({ [`GET ${PromotionPaths.running}`]: () => okAnswer({ promotions: [] }) });
    await openDetail('99');
    expect(await screen.findByText('Promotion not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: /All promotions/ }).getAttribute('href')).toBe('/promotions');
  });
});
