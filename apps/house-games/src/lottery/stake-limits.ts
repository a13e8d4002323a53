import { type BetType, KENO_BET_TYPES } from './bet-types.ts';
import type { Odds } from './odds-tables.ts';

/**
 * Minimum and maximum stake per ticket, per bet type, in minor units: the long shots (straight
 * numbers, exacta, keno pick 4–5, 3 càng) take less, so one ticket cannot use up a draw's cap.
 */
const STANDARD = { minMinor: 100, maxMinor: 500_000 };
const LONG_SHOT = { minMinor: 100, maxMinor: 100_000 };
const LONG_SHOTS: readonly BetType[] = [
  'straight',
  'race-exacta',
  'keno-pick-4',
  'keno-pick-5',
  '3cang',
  'xien4',
];

const stakeLimitsOf = (betType: BetType) => (LONG_SHOTS.includes(betType) ? LONG_SHOT : STANDARD);

/** The best a ticket can pay per `odds.per` staked: lô can match every prize of a northern draw. */
const bestPaysOf = (betType: BetType, odds: Odds) =>
  odds.kind === 'per-hit' ? odds.pays * (betType === 'lo2' ? 27 : 1) : Math.max(...odds.paysByMatches);

/** The most one ticket can return (stake included). */
export function maxReturnMinor(betType: BetType, stakeMinor: number, odds: Odds): number {
  return Number((BigInt(stakeMinor) * BigInt(bestPaysOf(betType, odds))) / BigInt(odds.per));
}

/**
 * The stakes a ticket of `betType` at `odds` may take on a draw whose every outcome is capped at
 * `capMinor`: the bet type's own range, its top lowered (to a whole peso) so that one ticket alone
 * can return no more than the cap. Undefined when even the lowest stake could return more: the draw does not
 * offer that bet type (5D straight pays about 95,000 times the stake, so under the default cap of
 * 50,000.00 no stake fits), and the board never shows a bet type that every slip would be refused.
 */
export function stakeLimitsUnderCap(
  betType: BetType,
  odds: Odds,
  capMinor: number,
): { minMinor: number; maxMinor: number } | undefined {
  const limits = stakeLimitsOf(betType);
  const fits = Number((BigInt(capMinor) * BigInt(odds.per)) / BigInt(bestPaysOf(betType, odds)));
  // Down to a whole peso: the board says "1.00 – 52.00", never "1.00 – 52.59".
  const maxMinor = Math.min(limits.maxMinor, fits - (fits % 100));
  return maxMinor < limits.minMinor ? undefined : { minMinor: limits.minMinor, maxMinor };
}

/**
 * The outcome a ticket bets on, whose exposure is capped per draw: the bet type and its numbers
 * (keno picks are a set, so 3,7 and 7,3 are one outcome; the other selections are ordered).
 */
export function exposureKeyOf(betType: BetType, selection: readonly number[]): string {
  const numbers = (KENO_BET_TYPES as readonly string[]).includes(betType)
    ? [...selection].sort((a, b) => a - b)
    : selection;
  return `${betType}:${numbers.join(',')}`;
}
