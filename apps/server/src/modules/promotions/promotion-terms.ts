import type { GameCategory } from '@fortuna/contracts/categories';
import type { BonusTerms } from '@fortuna/contracts/promotions';

export type { BonusTerms };

/** A promotion's title and body (sanitised HTML) per site language code (EN, TY, …). */
export type PromotionTexts = Record<string, { title: string; bodyHtml: string }>;

/**
 * The bonus a deposit earns under the terms: a percentage floored to the minor unit and capped,
 * or a fixed amount. 0 means nothing to grant.
 */
export function bonusFor(terms: BonusTerms, depositMinor: bigint): bigint {
  const { reward } = terms;
  if (reward.kind === 'FIXED') return BigInt(reward.amountMinor);
  const share = (depositMinor * BigInt(reward.percentBp)) / 10_000n;
  const cap = BigInt(reward.capMinor);
  return share < cap ? share : cap;
}

/** The weighted valid bets a grant must reach before release: N × (bonus [+ deposit]). */
export function wageringRequiredFor(terms: BonusTerms, bonusMinor: bigint, depositMinor: bigint): bigint {
  const base = terms.wagering.includesDeposit ? bonusMinor + depositMinor : bonusMinor;
  return base * BigInt(terms.wagering.multiplier);
}

/** What a valid bet of a category counts towards the wagering: its weight in percent, floored; 0 unweighted. */
export function weightedBet(terms: BonusTerms, category: GameCategory, validBetMinor: bigint): bigint {
  const weight = terms.wagering.weightsPercent[category] ?? 0;
  return (validBetMinor * BigInt(weight)) / 100n;
}

/** The promotion's text in the language, else English, else any. */
export function textIn(texts: PromotionTexts, language: string): { title: string; bodyHtml: string } {
  return texts[language] ?? texts.EN ?? Object.values(texts)[0] ?? { title: '', bodyHtml: '' };
}

const DAY_MS = 86_400_000;

/** When a grant given at `grantedAt` under the terms expires with its wagering unmet; null: never. */
export function expiryOf(terms: BonusTerms, grantedAt: Date): Date | null {
  return terms.expiresInDays === undefined
    ? null
    : new Date(grantedAt.getTime() + terms.expiresInDays * DAY_MS);
}
