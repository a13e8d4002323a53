import type { BetType, DrawKind } from './bet-types.ts';
import { DIGIT_COUNTS, type DigitFamily, KENO_DRAWN, KENO_POOL, RACE_RUNNERS } from './house-draws.ts';
import { FULL_ODDS } from './odds-tables.ts';
import { PRIZE_MODES, type PrizeMode } from './prize-modes.ts';
import { vnPrizeCount } from './vn-results.ts';

/**
 * Exact return to player of the full odds, from the same tables settlement uses (ADR 040). Vietnam
 * results are taken as independent uniform digits per prize: the last two digits of each of the N
 * prizes are uniform on 00–99 and independent, and the special prize's last three uniform on 000–999.
 */

const choose = (n: number, k: number): number => {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let i = 1; i <= k; i += 1) result = (result * (n - k + i)) / i;
  return result;
};

/** P(every one of k different 2-digit numbers shows among N prizes' last two digits): inclusion–exclusion. */
export const xienProbability = (k: number, prizes: number) =>
  Array.from({ length: k + 1 }, (_, j) => (-1) ** j * choose(k, j) * (1 - j / 100) ** prizes).reduce(
    (sum, term) => sum + term,
    0,
  );

/** P(m of k picked keno numbers are among the 20 drawn of 80): hypergeometric. */
export const kenoMatchProbability = (picked: number, matched: number) =>
  (choose(KENO_DRAWN, matched) * choose(KENO_POOL - KENO_DRAWN, picked - matched)) /
  choose(KENO_POOL, picked);

/** P(the digit sum of n uniform digits is strictly on one side of its middle 9n/2). */
function bigOrSmallProbability(digits: number): number {
  let sums = [1];
  for (let d = 0; d < digits; d += 1) {
    const next = new Array(sums.length + 9).fill(0);
    sums.forEach((ways, sum) => {
      for (let digit = 0; digit <= 9; digit += 1) next[sum + digit] += ways;
    });
    sums = next;
  }
  const big = sums.reduce((total, ways, sum) => (sum > (9 * digits) / 2 ? total + ways : total), 0);
  return big / 10 ** digits;
}

/** Expected hits (or, for keno, the whole return) of one unit of the full odds' `pays`. */
function expectedReturnPerUnit(kind: DrawKind, betType: BetType): number {
  const odds = FULL_ODDS[kind][betType];
  if (!odds) throw new RangeError(`bet type ${betType} is not offered on ${kind} draws`);
  if (odds.kind === 'paytable') {
    const picked = odds.paysByMatches.length - 1;
    return odds.paysByMatches.reduce(
      (sum, pays, matched) => sum + pays * kenoMatchProbability(picked, matched),
      0,
    );
  }
  return odds.pays * hitExpectation(kind, betType);
}

function hitExpectation(kind: DrawKind, betType: BetType): number {
  if (kind === 'north' || kind === 'central' || kind === 'south') {
    const prizes = vnPrizeCount(kind);
    if (betType === 'lo2') return prizes / 100;
    if (betType === 'de') return 1 / 100;
    if (betType === '3cang') return 1 / 1000;
    return xienProbability(Number(betType.slice(4)), prizes);
  }
  if (kind === 'race')
    return betType === 'race-position' ? 1 / RACE_RUNNERS : 1 / (RACE_RUNNERS * (RACE_RUNNERS - 1));
  const digits = DIGIT_COUNTS[kind as DigitFamily];
  if (betType === 'straight') return 1 / 10 ** digits;
  if (betType === 'position') return 1 / 10;
  return bigOrSmallProbability(digits);
}

/** The full odds' RTP of a bet type on a draw kind, as a fraction (0.99 = 99%). */
export const fullOddsRtp = (kind: DrawKind, betType: BetType) =>
  expectedReturnPerUnit(kind, betType) / (FULL_ODDS[kind][betType]?.per ?? 1);

/** What a mode returns in all: its scaled odds' RTP plus its rebate on turnover. */
export const modeReturn = (kind: DrawKind, betType: BetType, mode: PrizeMode) =>
  (fullOddsRtp(kind, betType) * PRIZE_MODES[mode].oddsBasisPoints + PRIZE_MODES[mode].rebateBasisPoints) /
  10_000;
