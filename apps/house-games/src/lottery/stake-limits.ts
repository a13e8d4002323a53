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

export const stakeLimitsOf = (betType: BetType) => (LONG_SHOTS.includes(betType) ? LONG_SHOT : STANDARD);

/** The most one ticket can return (stake included): lô can match every prize of a northern draw. */
export function maxReturnMinor(betType: BetType, stakeMinor: number, odds: Odds): number {
  const best =
    odds.kind === 'per-hit' ? odds.pays * (betType === 'lo2' ? 27 : 1) : Math.max(...odds.paysByMatches);
  return Number((BigInt(stakeMinor) * BigInt(best)) / BigInt(odds.per));
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
