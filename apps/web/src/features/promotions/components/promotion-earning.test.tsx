// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import { formatDateTime } from '../../../shared/format/date-time.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderInLobby } from '../../../test/render-in-lobby.tsx';
import { type PromotionView, viewOfMine } from '../api/promotion-views.ts';
import { DEPOSIT_TERMS, memberPromotion } from '../test-promotions.ts';
import { PromotionCard } from './promotion-card.tsx';
import { PromotionTerms } from './promotion-terms.tsx';

const LOSS_WINDOW = { startsAt: '2026-11-02T01:00:00.000Z', endsAt: '2026-11-09T01:00:00.000Z' };

/** A promotion earned by `trigger`, with that trigger's figures as the server states them. */
function earnedBy(trigger: PromotionView['trigger'], figures: Partial<PromotionView> = {}): PromotionView {
  return {
    ...viewOfMine(memberPromotion({ trigger })),
    status: null,
    thresholdMinor: trigger === 'VALID_BETS' || trigger === 'LOSS' ? '250000' : null,
    depositOrdinal: trigger === 'NTH_DEPOSIT' ? 3 : null,
    lossWindow: trigger === 'LOSS' ? LOSS_WINDOW : null,
    ...figures,
  };
}

async function earningIn(language: 'EN' | 'TY', promotion: PromotionView): Promise<string> {
  await act(() => i18n.changeLanguage(language));
  fakeApi({});
  renderInLobby(<PromotionTerms promotion={promotion} />);
  return (await screen.findByTestId('promotion-earning')).textContent ?? '';
}

const from = formatDateTime(LOSS_WINDOW.startsAt);
const to = formatDateTime(LOSS_WINDOW.endsAt);
const since = formatDateTime(memberPromotion().startsAt);

// A generous timeout: a loaded machine can take seconds over a render.
describe('How to earn it, in the terms and on the card (issue 18)', { timeout: 20_000 }, () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('EN'));
  });

  it.each([
    ['EN', 'DEPOSIT', 'Given with every deposit, once it is credited to your wallet.'],
    ['TY', 'DEPOSIT', 'Ibinibigay kasama ng bawat deposito, kapag naipasok na ito sa iyong wallet.'],
    ['EN', 'FIRST_DEPOSIT', 'Given with your first deposit, once it is credited to your wallet.'],
    [
      'TY',
      'FIRST_DEPOSIT',
      'Ibinibigay kasama ng iyong unang deposito, kapag naipasok na ito sa iyong wallet.',
    ],
    ['EN', 'SIGN_UP', 'Given for signing up: claim it here.'],
    ['TY', 'SIGN_UP', 'Ibinibigay sa pag-sign up: i-claim ito rito.'],
    ['EN', 'MANUAL_APPLICATION', 'Apply here: our team reviews each application before the bonus is given.'],
    [
      'TY',
      'MANUAL_APPLICATION',
      'Mag-apply dito: sinusuri ng aming team ang bawat aplikasyon bago ibigay ang bonus.',
    ],
  ] as const)(
    'when a %s reader opens a %s promotion, then the terms say what earns it',
    async (language, trigger, sentence) => {
      expect(await earningIn(language, earnedBy(trigger))).toBe(sentence);
    },
  );

  it.each([
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [100, '100th'],
  ])(
    'when an English reader opens a promotion of the deposit number %i, then it is "your %s deposit"',
    async (ordinal, words) => {
      expect(await earningIn('EN', earnedBy('NTH_DEPOSIT', { depositOrdinal: ordinal }))).toBe(
        `Given with your ${words} deposit credited to your wallet.`,
      );
    },
  );

  it.each([2, 3, 21])(
    'when a Tagalog reader opens a promotion of the deposit number %i, then it is "ika-%i na deposito"',
    async (ordinal) => {
      expect(await earningIn('TY', earnedBy('NTH_DEPOSIT', { depositOrdinal: ordinal }))).toBe(
        `Ibinibigay kasama ng iyong ika-${ordinal} na depositong naipasok sa iyong wallet.`,
      );
    },
  );

  it.each([
    ['EN', new RegExp(`^Claim it once your valid bets in any game since ${since} reach .*2,500\\.00\\.$`)],
    [
      'TY',
      new RegExp(
        `^I-claim ito kapag umabot na sa .*2,500\\.00 ang iyong valid bets sa anumang laro mula ${since}\\.$`,
      ),
    ],
  ] as const)(
    'when a %s reader opens a valid-bets promotion, then the valid bets to reach and since when are stated',
    async (language, sentence) => {
      expect(await earningIn(language, earnedBy('VALID_BETS'))).toMatch(sentence);
    },
  );

  it.each([
    [
      'EN',
      new RegExp(
        `^A cashback of your net loss \\(stakes less payouts\\) from ${from} to ${to}, if it comes to at least .*2,500\\.00\\. Claim it once that period has ended\\.$`,
      ),
    ],
    [
      'TY',
      new RegExp(
        `^Cashback ng iyong netong talo .* mula ${from} hanggang ${to}, kung aabot ito sa hindi bababa sa .*2,500\\.00\\.`,
      ),
    ],
  ] as const)(
    'when a %s reader opens a loss cashback, then its window, its least loss and when to claim are stated',
    async (language, sentence) => {
      expect(await earningIn(language, earnedBy('LOSS'))).toMatch(sentence);
    },
  );

  it('when a loss cashback pays a share, then the reward is a share of the net loss, not of bets or a deposit', async () => {
    fakeApi({});
    const terms = {
      ...DEPOSIT_TERMS,
      reward: { kind: 'PERCENT' as const, percentBp: 1_000, capMinor: '50000' },
    };
    renderInLobby(<PromotionTerms promotion={earnedBy('LOSS', { terms })} />);
    expect((await screen.findByTestId('promotion-reward')).textContent).toMatch(
      /^10% of your net loss, up to .*500\.00$/,
    );
  });

  it.each([
    ['EN', 'NTH_DEPOSIT', 'On your 3rd deposit'],
    ['TY', 'NTH_DEPOSIT', 'Sa iyong ika-3 na deposito'],
    ['EN', 'FIRST_DEPOSIT', 'On your first deposit'],
    ['EN', 'LOSS', `Net loss ${from} – ${to}`],
    ['TY', 'LOSS', `Netong talo ${from} – ${to}`],
  ] as const)(
    'when a %s reader sees the card of a %s promotion, then the card says which deposit or which loss',
    async (language, trigger, tag) => {
      await act(() => i18n.changeLanguage(language));
      fakeApi({});
      renderInLobby(<PromotionCard promotion={earnedBy(trigger)} />);
      expect((await screen.findByTestId('promotion-earning-tag')).textContent).toBe(tag);
    },
  );

  it('when the card is of any deposit or of valid bets, then it adds nothing: the detail page says it', async () => {
    fakeApi({});
    renderInLobby(
      <>
        <PromotionCard promotion={earnedBy('DEPOSIT')} />
        <PromotionCard promotion={{ ...earnedBy('VALID_BETS'), id: '3' }} />
      </>,
    );
    await screen.findAllByRole('article');
    expect(screen.queryByTestId('promotion-earning-tag')).toBeNull();
  });
});
