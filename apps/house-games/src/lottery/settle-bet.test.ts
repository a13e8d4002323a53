import { describe, expect, it } from 'vitest';
import type { BetType, DrawKind } from './bet-types.ts';
import { ticketOdds } from './odds-tables.ts';
import type { PrizeMode } from './prize-modes.ts';
import { type DrawResult, type SettlingBet, settleBet } from './settle-bet.ts';
import { checkVnResult, type VnResult } from './vn-results.ts';

// Worked examples: each expected payout is worked out by hand in the comment beside it.

/** A north result: 45 ends five prizes (ĐB, G2, G3, G5, G7), 07 four, 99 two, 10 one, 13 none. */
const north: VnResult = checkVnResult({
  family: 'vn',
  region: 'north',
  prizes: {
    DB: ['12345'],
    G1: ['67801'],
    G2: ['11122', '33345'],
    G3: ['00007', '12399', '55512', '98707', '45600', '31245'],
    G4: ['1234', '5607', '8899', '1010'],
    G5: ['2222', '3331', '4450', '6677', '7701', '9945'],
    G6: ['123', '456', '789'],
    G7: ['07', '45', '68', '90'],
  },
});

/** A south result: 21 ends seven prizes (ĐB, G2, G3, G4, G6, G7, G8); 45 ends G1. */
const south: VnResult = checkVnResult({
  family: 'vn',
  region: 'south',
  prizes: {
    DB: ['654321'],
    G1: ['12345'],
    G2: ['54321'],
    G3: ['11111', '22221'],
    G4: ['33333', '44444', '55555', '66621', '77777', '88888', '99999'],
    G5: ['1234'],
    G6: ['5678', '9012', '3421'],
    G7: ['321'],
    G8: ['21'],
  },
});

const bet = (
  kind: DrawKind,
  betType: BetType,
  selection: number[],
  stakeMinor: number,
  mode: PrizeMode = 'ELOTT',
) => ({ betType, selection, stakeMinor, odds: ticketOdds(kind, betType, mode) }) satisfies SettlingBet;

const payout = (b: SettlingBet, result: DrawResult) => settleBet(b, result).payoutMinor;

describe('Vietnam north (27 prizes)', () => {
  it('when lô 45 is on five prizes, then each hit pays 99 per 27 staked', () => {
    // 27,000 × 5 × 99 / 27 = 495,000
    expect(settleBet(bet('north', 'lo2', [45], 27_000), north)).toEqual({ hits: 5, payoutMinor: 495_000 });
    expect(payout(bet('north', 'lo2', [13], 27_000), north)).toBe(0);
  });

  it('when the mode is LOTT, then lô pays 97% of the full odds', () => {
    // 27,000 × 5 × 99 × 0.97 / 27 = 480,150
    expect(payout(bet('north', 'lo2', [45], 27_000, 'LOTT'), north)).toBe(480_150);
  });

  it('when đề names the special prize’s last two digits, then it pays 99; another prize’s ending does not count', () => {
    expect(payout(bet('north', 'de', [45], 10_000), north)).toBe(990_000);
    expect(payout(bet('north', 'de', [12], 10_000), north)).toBe(0); // 12 ends G3 55512, not ĐB
  });

  it('when 3 càng names the special prize’s last three digits, then it pays 980', () => {
    expect(payout(bet('north', '3cang', [345], 1_000), north)).toBe(980_000);
    expect(payout(bet('north', '3cang', [245], 1_000), north)).toBe(0); // 245 ends G3 31245
  });

  it('when every number of a xiên comes out, then it pays once: 17, 70, 300', () => {
    expect(settleBet(bet('north', 'xien2', [45, 7], 1_000), north)).toEqual({ hits: 1, payoutMinor: 17_000 });
    expect(payout(bet('north', 'xien3', [45, 7, 99], 1_000), north)).toBe(70_000);
    expect(payout(bet('north', 'xien4', [45, 7, 99, 10], 1_000), north)).toBe(300_000);
  });

  it('when one number of a xiên is missing, then it loses', () => {
    expect(payout(bet('north', 'xien4', [45, 7, 99, 13], 1_000), north)).toBe(0);
    expect(payout(bet('north', 'xien2', [13, 45], 1_000), north)).toBe(0);
  });
});

describe('Vietnam central and south (18 prizes)', () => {
  it('when lô 21 is on seven prizes, then each hit pays 99 per 18 staked', () => {
    // 18,000 × 7 × 99 / 18 = 693,000
    expect(settleBet(bet('south', 'lo2', [21], 18_000), south)).toEqual({ hits: 7, payoutMinor: 693_000 });
  });

  it('when the special prize is 6 digits, then đề and 3 càng read its last two and three', () => {
    expect(payout(bet('south', 'de', [21], 1_000), south)).toBe(99_000);
    expect(payout(bet('south', '3cang', [321], 1_000), south)).toBe(980_000);
    expect(payout(bet('south', '3cang', [654], 1_000), south)).toBe(0);
  });

  it('when a southern xiên comes out, then it pays the southern odds: 34, 220, 1,500', () => {
    expect(payout(bet('south', 'xien2', [21, 45], 1_000), south)).toBe(34_000);
    expect(payout(bet('south', 'xien3', [21, 45, 11], 1_000), south)).toBe(220_000);
    expect(payout(bet('south', 'xien4', [21, 45, 11, 33], 1_000), south)).toBe(1_500_000);
    expect(payout(bet('central', 'xien2', [21, 46], 1_000), south)).toBe(0);
  });
});

describe('digit draws: 3D, 5D, SEA 2D and 3D', () => {
  const threeD: DrawResult = { family: '3d', digits: [5, 0, 7] };

  it('when a straight matches every digit in order, then 3D pays 980, 5D 98,000, 2D 98', () => {
    expect(payout(bet('3d', 'straight', [5, 0, 7], 100), threeD)).toBe(98_000);
    expect(payout(bet('3d', 'straight', [7, 0, 5], 100), threeD)).toBe(0);
    expect(
      payout(bet('5d', 'straight', [9, 9, 0, 1, 3], 10), { family: '5d', digits: [9, 9, 0, 1, 3] }),
    ).toBe(980_000);
    expect(payout(bet('sea-2d', 'straight', [4, 5], 100), { family: 'sea-2d', digits: [4, 5] })).toBe(9_800);
    expect(
      payout(bet('sea-3d', 'straight', [5, 0, 7], 100, 'SEA'), { family: 'sea-3d', digits: [5, 0, 7] }),
    ).toBe(
      93_100, // 100 × 980 × 0.95
    );
  });

  it('when a position bet names the digit in that place, then it pays 9.8', () => {
    expect(payout(bet('3d', 'position', [2, 0], 100), threeD)).toBe(980);
    expect(payout(bet('3d', 'position', [2, 5], 100), threeD)).toBe(0);
  });

  it('when the digit sum is below its middle, then small pays 1.96 and big loses', () => {
    // 5 + 0 + 7 = 12 < 13.5
    expect(payout(bet('3d', 'big-small', [0], 100), threeD)).toBe(196);
    expect(payout(bet('3d', 'big-small', [1], 100), threeD)).toBe(0);
    // 9 + 9 + 0 + 1 + 5 = 24 > 22.5
    expect(payout(bet('5d', 'big-small', [1], 100), { family: '5d', digits: [9, 9, 0, 1, 5] })).toBe(196);
  });

  it('when a 2D sum is exactly its middle 9, then neither big nor small wins', () => {
    const nine: DrawResult = { family: 'sea-2d', digits: [4, 5] };
    expect(payout(bet('sea-2d', 'big-small', [0], 100), nine)).toBe(0);
    expect(payout(bet('sea-2d', 'big-small', [1], 100), nine)).toBe(0);
  });
});

describe('keno (20 of 80)', () => {
  const keno: DrawResult = {
    family: 'keno',
    numbers: [3, 7, 11, 15, 19, 23, 27, 31, 35, 39, 43, 47, 51, 55, 59, 63, 67, 71, 75, 79],
  };

  it('when numbers match, then the pick’s paytable (per 10 staked) gives the return', () => {
    expect(payout(bet('keno', 'keno-pick-1', [3], 1_000), keno)).toBe(3_900);
    expect(payout(bet('keno', 'keno-pick-1', [4], 1_000), keno)).toBe(0);
    expect(payout(bet('keno', 'keno-pick-2', [7, 11], 1_000), keno)).toBe(9_000);
    expect(settleBet(bet('keno', 'keno-pick-3', [3, 7, 50], 1_000), keno)).toEqual({
      hits: 2,
      payoutMinor: 2_000,
    });
    expect(payout(bet('keno', 'keno-pick-4', [3, 7, 11, 80], 1_000), keno)).toBe(5_000);
    expect(payout(bet('keno', 'keno-pick-5', [3, 7, 11, 15, 19], 100), keno)).toBe(60_000);
  });

  it('when too few numbers match, then the pick loses', () => {
    expect(payout(bet('keno', 'keno-pick-5', [3, 7, 1, 2, 4], 1_000), keno)).toBe(0);
  });
});

describe('the race (10 runners)', () => {
  const race: DrawResult = { family: 'race', order: [3, 1, 4, 10, 5, 9, 2, 6, 8, 7] };

  it('when a runner finishes in the named place, then it pays 9.8', () => {
    expect(payout(bet('race', 'race-position', [3, 1], 1_000), race)).toBe(9_800);
    expect(payout(bet('race', 'race-position', [4, 3], 1_000), race)).toBe(9_800);
    expect(payout(bet('race', 'race-position', [1, 1], 1_000), race)).toBe(0);
  });

  it('when the first two finish in the named order, then the exacta pays 88', () => {
    expect(payout(bet('race', 'race-exacta', [3, 1], 1_000), race)).toBe(88_000);
    expect(payout(bet('race', 'race-exacta', [1, 3], 1_000), race)).toBe(0);
  });
});

describe('settlement arithmetic', () => {
  it('when a payout has a fraction of a minor unit, then it is rounded down', () => {
    // ZY đề: 1 × 99 × 0.985 = 97.515
    expect(payout(bet('north', 'de', [45], 1, 'ZY'), north)).toBe(97);
  });

  it('when stake × odds passes 2^53, then the payout is still exact', () => {
    const stake = 5_000_000_000_003;
    const expected = Number((BigInt(stake) * 980n * 9_700n) / 10_000n);
    expect(payout(bet('north', '3cang', [345], stake, 'LOTT'), north)).toBe(expected);
    expect(expected % 10).not.toBe(0);
  });

  it('when a ticket keeps the odds it snapshotted, then a different mode today does not change its payout', () => {
    const placed = bet('north', 'de', [45], 10_000, 'ELOTT');
    expect(payout(placed, north)).toBe(990_000);
    expect(payout({ ...placed, odds: ticketOdds('north', 'de', 'SEA') }, north)).toBe(940_500);
  });

  it('when a bet meets a result of another kind of draw, then settlement refuses', () => {
    expect(() =>
      settleBet(bet('keno', 'keno-pick-1', [3], 1), {
        family: 'race',
        order: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      }),
    ).toThrow(RangeError);
    expect(() => settleBet(bet('3d', 'straight', [1, 2, 3], 1), north)).toThrow(RangeError);
    expect(() => settleBet(bet('north', 'de', [45], 1), { family: '3d', digits: [0, 4, 5] })).toThrow(
      RangeError,
    );
  });
});
