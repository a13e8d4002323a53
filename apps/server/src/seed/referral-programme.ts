import type { BonusTerms } from '@fortuna/contracts/promotions';
import { findPromotionByCode, insertPromotionIfMissing } from '../modules/promotions/promotions.store.ts';
import { REFERRAL_TRIGGER } from '../modules/referrals/referrals.service.ts';
import { programme, saveProgramme } from '../modules/referrals/referrals.store.ts';
import type { Database } from '../platform/db/database.ts';
import { safeTextHtml } from '../platform/safe-html.ts';

export const REFERRAL_PROMOTION_CODE = 'INVITE_FRIENDS';
/** 50.00 to the member for each friend whose first deposit of at least 500.00 is credited. */
export const DEMO_REFERRAL_REWARD_MINOR = 5_000n;
export const DEMO_REFERRAL_MIN_DEPOSIT_MINOR = 50_000n;

// Straight cash: no wagering, released to the main wallet as it is granted.
const terms: BonusTerms = {
  reward: { kind: 'FIXED', amountMinor: DEMO_REFERRAL_REWARD_MINOR.toString() },
  wagering: { multiplier: 0, includesDeposit: false, weightsPercent: {}, maxStakeMinor: null },
};

const texts = {
  EN: {
    title: 'Invite friends',
    bodyHtml:
      '<p>Share your referral link or code from <strong>Invite friends</strong> in your account. When a friend registers with it and their first deposit of 500.00 or more is credited, you receive <strong>50.00</strong> in your wallet, once per friend.</p>',
  },
  TY: {
    title: 'Mag-imbita ng kaibigan',
    bodyHtml:
      '<p>Ibahagi ang iyong referral link o code mula sa <strong>Mag-imbita ng kaibigan</strong> sa iyong account. Kapag nagparehistro ang kaibigan gamit ito at na-credit ang una niyang deposito na 500.00 o higit pa, makakatanggap ka ng <strong>50.00</strong> sa iyong wallet, isang beses bawat kaibigan.</p>',
  },
};

/** The demo referral programme (ADR 060) and the promotion that pays it; an operator's programme is left as it is. */
export async function seedReferralProgramme(db: Database, now: Date = new Date()): Promise<void> {
  await insertPromotionIfMissing(db, {
    code: REFERRAL_PROMOTION_CODE,
    type: 'DEPOSIT',
    texts: Object.fromEntries(
      Object.entries(texts).map(([lang, text]) => [lang, { ...text, bodyHtml: safeTextHtml(text.bodyHtml) }]),
    ),
    startsAt: now,
    trigger: REFERRAL_TRIGGER,
    automatic: false,
    terms,
    perMemberLimit: 1_000,
    // 1,000,000.00 for the whole programme.
    budgetMinor: 100_000_000n,
  });
  if (await programme(db)) return;
  const promotion = await findPromotionByCode(db, REFERRAL_PROMOTION_CODE);
  if (!promotion) throw new Error(`the ${REFERRAL_PROMOTION_CODE} promotion was not seeded`);
  await saveProgramme(db, {
    enabled: true,
    promotionId: promotion.id,
    rewardMinor: DEMO_REFERRAL_REWARD_MINOR,
    minFirstDepositMinor: DEMO_REFERRAL_MIN_DEPOSIT_MINOR,
    minValidBetsMinor: null,
    updatedBy: 'seed',
  });
}
