import { DIGIT_COUNTS, type DigitFamily, KENO_POOL, RACE_RUNNERS } from './house-draws.ts';
import type { VnRegion } from './vn-results.ts';

/**
 * What a player can bet on, per draw kind. A selection is a list of whole numbers whose meaning
 * the bet type gives; `betProblem` says what is wrong with a bet, or null.
 */
export const VN_BET_TYPES = ['lo2', 'de', '3cang', 'xien2', 'xien3', 'xien4'] as const;
export const DIGIT_BET_TYPES = ['straight', 'position', 'big-small'] as const;
export const KENO_BET_TYPES = [
  'keno-pick-1',
  'keno-pick-2',
  'keno-pick-3',
  'keno-pick-4',
  'keno-pick-5',
] as const;
export const RACE_BET_TYPES = ['race-position', 'race-exacta'] as const;

export type VnBetType = (typeof VN_BET_TYPES)[number];
export type DigitBetType = (typeof DIGIT_BET_TYPES)[number];
export type KenoBetType = (typeof KENO_BET_TYPES)[number];
export type RaceBetType = (typeof RACE_BET_TYPES)[number];
export type BetType = VnBetType | DigitBetType | KenoBetType | RaceBetType;

/** Which draw a bet is placed on: a Vietnam region or one of our house draws. */
export type DrawKind = VnRegion | DigitFamily | 'keno' | 'race';

export const SMALL = 0;
export const BIG = 1;

const wholeIn = (low: number, high: number) => (n: number) => Number.isInteger(n) && n >= low && n <= high;
const distinct = (numbers: readonly number[]) => new Set(numbers).size === numbers.length;

function shapeProblem(
  selection: readonly number[],
  length: number,
  ranges: readonly ((n: number) => boolean)[],
  rangeText: string,
): string | null {
  if (selection.length !== length) return `must hold ${length} number${length > 1 ? 's' : ''}`;
  return selection.every((n, i) => (ranges[i] ?? (ranges[0] as (n: number) => boolean))(n))
    ? null
    : `must be ${rangeText}`;
}

export interface BetProblem {
  field: 'betType' | 'selection';
  message: string;
}

/** What is wrong with this bet on this draw kind (naming the field), or null when it is a valid bet. */
export function betProblem(kind: DrawKind, betType: string, selection: readonly number[]): BetProblem | null {
  if (!offeredOn(kind, betType))
    return { field: 'betType', message: `bet type ${betType} is not offered on ${kind} draws` };
  if (!Array.isArray(selection)) return { field: 'selection', message: 'must be a list of numbers' };
  const message = selectionProblem(kind, betType, selection);
  return message ? { field: 'selection', message } : null;
}

const VN_KINDS: readonly string[] = ['north', 'central', 'south'];

/** The bet types a draw kind offers. */
export function betTypesOf(kind: DrawKind): readonly BetType[] {
  if (VN_KINDS.includes(kind)) return VN_BET_TYPES;
  if (kind === 'keno') return KENO_BET_TYPES;
  if (kind === 'race') return RACE_BET_TYPES;
  return DIGIT_BET_TYPES;
}

const offeredOn = (kind: DrawKind, betType: string): betType is BetType =>
  (betTypesOf(kind) as readonly string[]).includes(betType);

function selectionProblem(kind: DrawKind, betType: BetType, selection: readonly number[]): string | null {
  if (VN_KINDS.includes(kind)) {
    if (betType === '3cang') return shapeProblem(selection, 1, [wholeIn(0, 999)], 'a number 000–999');
    const count = betType.startsWith('xien') ? Number(betType.slice(4)) : 1;
    const problem = shapeProblem(selection, count, [wholeIn(0, 99)], 'numbers 00–99');
    return problem ?? (distinct(selection) ? null : 'must not repeat a number');
  }
  if (Object.hasOwn(DIGIT_COUNTS, kind)) {
    const digits = DIGIT_COUNTS[kind as DigitFamily];
    if (betType === 'straight') return shapeProblem(selection, digits, [wholeIn(0, 9)], 'digits 0–9');
    if (betType === 'position')
      return shapeProblem(
        selection,
        2,
        [wholeIn(1, digits), wholeIn(0, 9)],
        `a position 1–${digits} and a digit 0–9`,
      );
    return shapeProblem(selection, 1, [wholeIn(SMALL, BIG)], '0 (small) or 1 (big)');
  }
  if (kind === 'keno') {
    const problem = shapeProblem(
      selection,
      Number(betType.slice(-1)),
      [wholeIn(1, KENO_POOL)],
      'numbers 1–80',
    );
    return problem ?? (distinct(selection) ? null : 'must not repeat a number');
  }
  const runner = wholeIn(1, RACE_RUNNERS);
  if (betType === 'race-position')
    return shapeProblem(selection, 2, [runner, runner], 'a runner 1–10 and a place 1–10');
  const problem = shapeProblem(selection, 2, [runner], 'runners 1–10');
  return problem ?? (distinct(selection) ? null : 'must name two different runners');
}
