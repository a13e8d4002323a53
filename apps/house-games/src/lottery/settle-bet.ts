import { type BetType, BIG, DIGIT_BET_TYPES, KENO_BET_TYPES, SMALL, VN_BET_TYPES } from './bet-types.ts';
import type { HouseDrawNumbers } from './house-draws.ts';
import type { Odds } from './odds-tables.ts';
import { allVnNumbers, lastDigits, type VnResult, vnSpecial } from './vn-results.ts';

/** A ticket as settlement sees it: its bet, its stake and the odds snapshotted when it was placed. */
export interface SettlingBet {
  betType: BetType;
  selection: readonly number[];
  stakeMinor: number;
  odds: Odds;
}

export type DrawResult = VnResult | HouseDrawNumbers;

export interface Settlement {
  /** Prizes hit (lô: every prize whose last two digits match) or, for keno, numbers matched. */
  hits: number;
  /** What the ticket returns, stake included, rounded down to the minor unit; 0 when it loses. */
  payoutMinor: number;
}

const isOneOf = (types: readonly string[], betType: BetType) => types.includes(betType);

function wrongDraw(betType: BetType, result: DrawResult): never {
  throw new RangeError(`a ${betType} bet cannot settle on a ${result.family} result`);
}

function vnHits(betType: BetType, selection: readonly number[], result: VnResult): number {
  const lastTwos = allVnNumbers(result).map((number) => lastDigits(number, 2));
  const special = vnSpecial(result);
  const [first] = selection;
  if (betType === 'lo2') return lastTwos.filter((n) => n === first).length;
  if (betType === 'de') return lastDigits(special, 2) === first ? 1 : 0;
  if (betType === '3cang') return lastDigits(special, 3) === first ? 1 : 0;
  // Xiên: every picked number must come out as some prize's last two digits; it pays once.
  return selection.every((n) => lastTwos.includes(n)) ? 1 : 0;
}

function digitHits(betType: BetType, selection: readonly number[], digits: readonly number[]): number {
  if (betType === 'straight') return selection.every((d, i) => digits[i] === d) ? 1 : 0;
  if (betType === 'position') return digits[(selection[0] as number) - 1] === selection[1] ? 1 : 0;
  // Big or small on the digit sum; a sum exactly in the middle (2D: 9) is neither, and loses.
  const sum = digits.reduce((total, d) => total + d, 0);
  const middle = (9 * digits.length) / 2;
  const side = sum > middle ? BIG : sum < middle ? SMALL : undefined;
  return side === selection[0] ? 1 : 0;
}

function hitsOf(bet: SettlingBet, result: DrawResult): number {
  const { betType, selection } = bet;
  if (result.family === 'vn') {
    if (!isOneOf(VN_BET_TYPES, betType)) wrongDraw(betType, result);
    return vnHits(betType, selection, result);
  }
  if (result.family === 'keno') {
    if (!isOneOf(KENO_BET_TYPES, betType)) wrongDraw(betType, result);
    return selection.filter((n) => result.numbers.includes(n)).length;
  }
  if (result.family === 'race') {
    if (betType === 'race-position')
      return result.order[(selection[1] as number) - 1] === selection[0] ? 1 : 0;
    if (betType === 'race-exacta')
      return result.order[0] === selection[0] && result.order[1] === selection[1] ? 1 : 0;
    return wrongDraw(betType, result);
  }
  if (!isOneOf(DIGIT_BET_TYPES, betType)) wrongDraw(betType, result);
  return digitHits(betType, selection, result.digits);
}

/**
 * Settles one ticket on a final result: a pure function of the ticket (its snapshotted odds
 * included) and the result, so a replay or a resettlement gives the same amount. Big integers:
 * stake × pays × hits can pass 2^53 before the division.
 */
export function settleBet(bet: SettlingBet, result: DrawResult): Settlement {
  const hits = hitsOf(bet, result);
  const { odds } = bet;
  const returned = odds.kind === 'per-hit' ? odds.pays * hits : (odds.paysByMatches[hits] ?? 0);
  const payoutMinor = Number((BigInt(bet.stakeMinor) * BigInt(returned)) / BigInt(odds.per));
  return { hits, payoutMinor };
}

/** A ticket as its row is stored (PGlite hands jsonb back as text, PostgreSQL as values). */
export interface StoredTicket {
  bet_type: string;
  selection: unknown;
  stake_minor: string | number;
  odds: unknown;
}

/** A jsonb column's value, whichever way the driver handed it back. */
export const parsedJson = <T>(value: unknown): T =>
  (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** What a stored ticket pays on `result`, by its snapshotted odds: settlement's and corrections' one way. */
export const payoutOfStoredTicket = (ticket: StoredTicket, result: DrawResult): number =>
  settleBet(
    {
      betType: ticket.bet_type as BetType,
      selection: parsedJson<number[]>(ticket.selection),
      stakeMinor: Number(ticket.stake_minor),
      odds: parsedJson<Odds>(ticket.odds),
    },
    result,
  ).payoutMinor;
