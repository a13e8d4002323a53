import { describe, expect, it } from 'vitest';
import { periodOfKind } from '../../../platform/jobs/calendar-periods.ts';
import { periodDividend, teamNetLoss } from './dividend.ts';
import { rateFromPercent } from './rates.ts';
import { realTimeSalary } from './real-time-salary.ts';
import { dailySalaryPayableFrom, periodSalary } from './salary.ts';
import type { TeamFigures } from './tiers.ts';
import { uplineShare } from './upline-share.ts';

// The worked examples of docs/decisions/038-contract-settlement.md, figure for figure.

const team = (overrides: Partial<TeamFigures>): TeamFigures => ({
  validBetMinor: 0n,
  activeMembers: 0,
  betAmountMinor: 0n,
  netLossMinor: 0n,
  ...overrides,
});

const SALARY_TIERS = [
  { requirements: { validBetMinor: 1_000_000n, activeMembers: 5 }, ratePpm: rateFromPercent('0.5') },
  { requirements: { validBetMinor: 5_000_000n, activeMembers: 10 }, ratePpm: rateFromPercent('0.8') },
  { requirements: { validBetMinor: 20_000_000n, activeMembers: 20 }, ratePpm: rateFromPercent('1.2') },
];

describe('settlement formulas (ADR 038 worked examples)', () => {
  it('daily salary: 123 456.78 of valid bets by 12 active members reaches tier 2 (0.8 %) and pays 987.65 on the day after next', () => {
    const day = periodOfKind(new Date('2026-11-26T05:00:00Z'), 'DAY', '+08:00');
    const salary = periodSalary(SALARY_TIERS, team({ validBetMinor: 12_345_678n, activeMembers: 12 }));
    expect(salary).toEqual({ baseMinor: 12_345_678n, tierLevel: 2, ratePpm: 8_000n, amountMinor: 98_765n });
    expect(dailySalaryPayableFrom(day)).toEqual(new Date('2026-11-27T16:00:00Z')); // 2026-11-28 00:00 +08:00
    expect(dailySalaryPayableFrom(day, 1)).toEqual(new Date('2026-11-26T16:00:00Z'));
    expect(() => dailySalaryPayableFrom(day, 0)).toThrow(RangeError);
  });

  it('daily salary: a team short of the lowest tier is shown its base and owed nothing', () => {
    expect(periodSalary(SALARY_TIERS, team({ validBetMinor: 12_345_678n, activeMembers: 4 }))).toEqual({
      baseMinor: 12_345_678n,
      tierLevel: null,
      ratePpm: 0n,
      amountMinor: 0n,
    });
  });

  it('hourly salary: 8 000.00 of valid bets in the hour at a fixed 0.3 % pays 24.00', () => {
    const fixed = [{ requirements: {}, ratePpm: rateFromPercent('0.3') }];
    expect(periodSalary(fixed, team({ validBetMinor: 800_000n, activeMembers: 3 })).amountMinor).toBe(2_400n);
  });

  it('real-time salary: bets, loss and profit of a window combine, floor once, and never go below zero', () => {
    const tiers = [
      {
        requirements: {},
        rates: {
          singleBetPpm: rateFromPercent('0.1'),
          lossPpm: rateFromPercent('5'),
          profitPpm: rateFromPercent('3'),
        },
      },
    ];
    // A: 2 345.67 × 0.1 % + 456.78 × 5 % = 2.34567 + 22.839 = 25.18467 → 25.18.
    expect(realTimeSalary(tiers, team({ validBetMinor: 234_567n, netLossMinor: 45_678n })).amountMinor).toBe(
      2_518n,
    );
    // B: 2 000.00 × 0.1 % − 1 000.00 × 3 % = 2 − 30 < 0 → 0.
    expect(
      realTimeSalary(tiers, team({ validBetMinor: 200_000n, netLossMinor: -100_000n })).amountMinor,
    ).toBe(0n);
    // C: 50 000.00 × 0.1 % − 100.00 × 3 % = 50 − 3 = 47.00.
    expect(
      realTimeSalary(tiers, team({ validBetMinor: 5_000_000n, netLossMinor: -10_000n })).amountMinor,
    ).toBe(4_700n);
    // Floored once over the sum: 0.5 + 0.6 of a cent is 1 cent, not 0 + 0.
    const fine = [{ requirements: {}, rates: { singleBetPpm: 5_000n, lossPpm: 6_000n, profitPpm: 0n } }];
    expect(realTimeSalary(fine, team({ validBetMinor: 100n, netLossMinor: 100n })).amountMinor).toBe(1n);
  });

  it('real-time salary: a tier missed leaves all three rates at zero', () => {
    const tiers = [
      {
        requirements: { activeMembers: 2 },
        rates: { singleBetPpm: 1_000n, lossPpm: 50_000n, profitPpm: 30_000n },
      },
    ];
    const window = realTimeSalary(
      tiers,
      team({ validBetMinor: 5_000_000n, netLossMinor: 10_000n, activeMembers: 1 }),
    );
    expect(window).toMatchObject({ tierLevel: null, amountMinor: 0n, rates: { singleBetPpm: 0n } });
  });

  it('dividend: a losing week is carried forward, eats into the next, and is cleared by it', () => {
    const tiers = [{ requirements: { activeMembers: 5 }, ratePpm: rateFromPercent('30') }];
    const week1Loss = teamNetLoss({
      stakeMinor: 10_000_000n,
      payoutMinor: 11_200_000n,
      bonusMinor: 50_000n,
      rebateMinor: 30_000n,
      salaryMinor: 70_000n,
    });
    expect(week1Loss).toBe(-1_350_000n);
    const week1 = periodDividend(tiers, team({ netLossMinor: week1Loss, activeMembers: 8 }), 0n);
    expect(week1).toMatchObject({
      baseMinor: -1_350_000n,
      amountMinor: 0n,
      carriedOutMinor: -1_350_000n,
      tierLevel: 1,
    });

    const week2Loss = teamNetLoss({
      stakeMinor: 15_000_000n,
      payoutMinor: 12_000_000n,
      bonusMinor: 100_000n,
      rebateMinor: 45_000n,
      salaryMinor: 105_000n,
    });
    expect(week2Loss).toBe(2_750_000n);
    const week2 = periodDividend(
      tiers,
      team({ netLossMinor: week2Loss, activeMembers: 8 }),
      week1.carriedOutMinor,
    );
    expect(week2).toMatchObject({
      baseMinor: 1_400_000n,
      ratePpm: 300_000n,
      amountMinor: 420_000n,
      carriedOutMinor: 0n,
    });

    // 333.33 × 30 % = 99.999 → 99.99.
    const week3 = periodDividend(
      tiers,
      team({ netLossMinor: 33_333n, activeMembers: 5 }),
      week2.carriedOutMinor,
    );
    expect(week3.amountMinor).toBe(9_999n);
  });

  it('dividend: a positive period without a tier pays nothing but still clears the carry; a positive carry is refused', () => {
    const tiers = [{ requirements: { activeMembers: 5 }, ratePpm: rateFromPercent('30') }];
    const quiet = periodDividend(tiers, team({ netLossMinor: 500_000n, activeMembers: 1 }), -200_000n);
    expect(quiet).toMatchObject({
      baseMinor: 300_000n,
      tierLevel: null,
      amountMinor: 0n,
      carriedOutMinor: 0n,
    });
    const deeper = periodDividend(tiers, team({ netLossMinor: 100_000n, activeMembers: 1 }), -200_000n);
    expect(deeper.carriedOutMinor).toBe(-100_000n);
    expect(() => periodDividend(tiers, team({}), 1n)).toThrow(/only a loss/);
  });

  it('upline share: 1.2 % on a 100 000.00 team, passing 0.8 % and 1.0 % on downline teams of 45 000.00 and 30 000.00, keeps 540.00', () => {
    const received = periodSalary(
      [{ requirements: {}, ratePpm: rateFromPercent('1.2') }],
      team({ validBetMinor: 10_000_000n }),
    );
    const toB = periodSalary(
      [{ requirements: {}, ratePpm: rateFromPercent('0.8') }],
      team({ validBetMinor: 4_500_000n }),
    );
    const toC = periodSalary(
      [{ requirements: {}, ratePpm: rateFromPercent('1.0') }],
      team({ validBetMinor: 3_000_000n }),
    );
    expect(uplineShare(received.amountMinor, [toB.amountMinor, toC.amountMinor])).toEqual({
      receivedMinor: 120_000n,
      paidMinor: 66_000n,
      keptMinor: 54_000n,
    });
  });
});
