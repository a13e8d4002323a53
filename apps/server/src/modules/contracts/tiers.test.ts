import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import type { TeamFigures } from './settlement/tiers.ts';
import { checkRatioRule, tierReachedBy, tiersOfInput } from './tiers.ts';

const base = (validBet: bigint, active: number, netLoss = 0n): TeamFigures => ({
  validBetMinor: validBet,
  activeMembers: active,
  betAmountMinor: 0n,
  netLossMinor: netLoss,
});

/** The field a refusal names, or undefined when nothing is refused. */
function refusedField(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return error.issues[0]?.field;
  }
}

const ladder = tiersOfInput(
  'DAILY_SALARY',
  [
    { minValidBetMinor: '100000', minActiveMembers: 3, ratePercent: '0.5' },
    { minValidBetMinor: '500000', minActiveMembers: 5, ratePercent: '0.8' },
    { minValidBetMinor: '1000000', minActiveMembers: 10, ratePercent: '1.2' },
  ],
  'body.tiers',
);

describe('tier selection over stored tiers', () => {
  it('when the base is just below, exactly at or above a tier, then that tier is reached only from its requirement on', () => {
    expect(tierReachedBy(ladder, base(99_999n, 3))).toBeUndefined();
    expect(tierReachedBy(ladder, base(100_000n, 3))?.position).toBe(1);
    expect(tierReachedBy(ladder, base(499_999n, 50))?.position).toBe(1);
    expect(tierReachedBy(ladder, base(500_000n, 5))?.position).toBe(2);
    expect(tierReachedBy(ladder, base(10_000_000n, 9))?.position).toBe(2);
    expect(tierReachedBy(ladder, base(1_000_000n, 10))?.ratePpm).toBe(12_000);
  });

  it('when one requirement of a tier is short, then the tier below is reached', () => {
    expect(tierReachedBy(ladder, base(1_000_000n, 4))?.position).toBe(1);
  });

  it('when a fixed rate has no requirements (stored as 0), then every base reaches it, a negative net loss too', () => {
    const fixed = tiersOfInput('DIVIDEND', [{ ratePercent: '30' }], 'tiers');
    expect(tierReachedBy(fixed, base(0n, 0, -500n))?.ratePpm).toBe(300_000);
  });
});

describe('tiers of an offer', () => {
  it('when a tier sets a requirement its type does not use, then the requirement is named', () => {
    expect(
      refusedField(() =>
        tiersOfInput('DAILY_SALARY', [{ minNetLossMinor: '1', ratePercent: '1' }], 'body.tiers'),
      ),
    ).toBe('body.tiers.0.minNetLossMinor');
  });

  it('when a salary sets real-time rates, then the rate is named', () => {
    expect(
      refusedField(() =>
        tiersOfInput('HOUR_SALARY', [{ ratePercent: '1', lossRatePercent: '2' }], 'body.tiers'),
      ),
    ).toBe('body.tiers.0.lossRatePercent');
  });

  it('when a tier asks less or pays less than the one below, or asks the same, then that tier is named', () => {
    const input = (second: object) => [
      { minValidBetMinor: '100', minActiveMembers: 2, ratePercent: '1' },
      { minValidBetMinor: '200', minActiveMembers: 2, ratePercent: '1', ...second },
    ];
    expect(refusedField(() => tiersOfInput('DAILY_SALARY', input({ minActiveMembers: 1 }), 't'))).toBe(
      't.1.minActiveMembers',
    );
    expect(refusedField(() => tiersOfInput('DAILY_SALARY', input({ ratePercent: '0.9' }), 't'))).toBe(
      't.1.ratePercent',
    );
    expect(refusedField(() => tiersOfInput('DAILY_SALARY', input({ minValidBetMinor: '100' }), 't'))).toBe(
      't.1',
    );
    expect(refusedField(() => tiersOfInput('DAILY_SALARY', input({}), 't'))).toBeUndefined();
  });
});

describe('the ratio rule', () => {
  const offer = (tiers: object[]) => tiersOfInput('DAILY_SALARY', tiers as never, 'body.tiers');

  it("when a downline's rate is at most the upline's at the same requirement, then it is allowed", () => {
    expect(
      refusedField(() =>
        checkRatioRule(
          offer([
            { minValidBetMinor: '100000', minActiveMembers: 3, ratePercent: '0.5' },
            { minValidBetMinor: '700000', minActiveMembers: 6, ratePercent: '0.8' },
          ]),
          ladder,
          'body.tiers',
        ),
      ),
    ).toBeUndefined();
  });

  it("when a downline's tier pays more than the upline reaches with the same requirement, then its rate is named", () => {
    // 700,000 and 6 members reach the upline's tier 2 (0.8 %), not tier 3.
    expect(
      refusedField(() =>
        checkRatioRule(
          offer([{ minValidBetMinor: '700000', minActiveMembers: 6, ratePercent: '0.81' }]),
          ladder,
          'body.tiers',
        ),
      ),
    ).toBe('body.tiers.0.ratePercent');
  });

  it("when a downline's tier asks less than the upline's lowest tier, then any rate is refused", () => {
    expect(refusedField(() => checkRatioRule(offer([{ ratePercent: '0.1' }]), ladder, 'body.tiers'))).toBe(
      'body.tiers.0.ratePercent',
    );
  });

  it("when a real-time downline's profit rate is below its upline's, then it is refused; its loss rate above, too", () => {
    const upline = tiersOfInput(
      'REALTIME_SALARY',
      [{ ratePercent: '1', lossRatePercent: '10', profitRatePercent: '5' }],
      't',
    );
    const downline = (rates: object) =>
      tiersOfInput(
        'REALTIME_SALARY',
        [{ ratePercent: '1', lossRatePercent: '10', profitRatePercent: '5', ...rates }],
        't',
      );
    expect(refusedField(() => checkRatioRule(downline({ profitRatePercent: '4' }), upline, 't'))).toBe(
      't.0.profitRatePercent',
    );
    expect(refusedField(() => checkRatioRule(downline({ lossRatePercent: '11' }), upline, 't'))).toBe(
      't.0.lossRatePercent',
    );
    expect(
      refusedField(() =>
        checkRatioRule(downline({ profitRatePercent: '6', lossRatePercent: '9' }), upline, 't'),
      ),
    ).toBeUndefined();
  });
});
