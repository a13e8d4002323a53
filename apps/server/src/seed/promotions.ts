import type { BonusTerms } from '@fortuna/contracts/promotions';
import { insertPromotionIfMissing } from '../modules/promotions/promotions.store.ts';
import type { Database } from '../platform/db/database.ts';
import { safeTextHtml } from '../platform/safe-html.ts';

/** The promotion the demo home banner advertises ("your first deposit doubled"), code and terms. */
export const FIRST_DEPOSIT_PROMOTION_CODE = 'FIRST_DEPOSIT_DOUBLED';

export const FIRST_DEPOSIT_TERMS: BonusTerms = {
  // 100% of the first deposit, up to 1,000.00.
  reward: { kind: 'PERCENT', percentBp: 10_000, capMinor: '100000' },
  wagering: {
    multiplier: 5,
    includesDeposit: true,
    // Slots and fishing count in full, card games a fifth, live a tenth; sports, lottery and the rest 0%.
    weightsPercent: { RNG: 100, FISH: 100, PVP: 20, LIVE: 10 },
    // Rounds staking more than 50.00 do not count towards the wagering.
    maxStakeMinor: '5000',
  },
};

const texts = {
  EN: {
    title: 'First deposit doubled',
    bodyHtml:
      '<p>Your <strong>first deposit is doubled</strong>: we add a bonus of 100% of it, up to 1,000.00, as soon as it is credited.</p><p>The bonus is released to your wallet once your valid bets reach 5× the deposit plus the bonus: slots and fishing count 100%, card games 20%, live casino 10%, other games 0%; rounds over 50.00 do not count. Until then the bonus cannot be withdrawn or transferred.</p>',
  },
  TY: {
    title: 'Doble ang unang deposito',
    bodyHtml:
      '<p>Ang iyong <strong>unang deposito ay dodoblehin</strong>: magdadagdag kami ng bonus na 100% nito, hanggang 1,000.00, sa sandaling ma-credit ito.</p><p>Ilalabas ang bonus sa iyong wallet kapag ang iyong valid bets ay umabot sa 5× ng deposito at bonus: ang slots at fishing ay bilang 100%, card games 20%, live casino 10%, ibang laro 0%; hindi bilang ang rounds na higit sa 50.00. Hanggang doon, hindi maaaring i-withdraw o i-transfer ang bonus.</p>',
  },
};

/** The first-deposit promotion, automatic on the first credited deposit, once per member (ADR 045). */
export async function seedFirstDepositPromotion(db: Database, now: Date = new Date()): Promise<void> {
  await insertPromotionIfMissing(db, {
    code: FIRST_DEPOSIT_PROMOTION_CODE,
    type: 'DEPOSIT',
    texts: Object.fromEntries(
      Object.entries(texts).map(([lang, text]) => [lang, { ...text, bodyHtml: safeTextHtml(text.bodyHtml) }]),
    ),
    startsAt: now,
    trigger: 'FIRST_DEPOSIT',
    terms: FIRST_DEPOSIT_TERMS,
    perMemberLimit: 1,
    // 10,000,000.00 for the whole promotion.
    budgetMinor: 1_000_000_000n,
  });
}
