import { describe, expect, it } from 'vitest';
import { draftsOf, EMPTY_TIER, tiersOfDrafts } from './offer-tiers.ts';

describe('the offer form’s tiers', () => {
  it('when the agent’s own tiers start the form, then amounts are major units and nothing asked is blank', () => {
    const own = {
      position: 1,
      minValidBetMinor: '1000000',
      minActiveMembers: 0,
      minBetMinor: '0',
      minNetLossMinor: '0',
      ratePercent: '0.5',
      lossRatePercent: '0',
      profitRatePercent: '0',
    };
    expect(draftsOf([own], 2)).toEqual([
      {
        ...EMPTY_TIER,
        minValidBetMinor: '10000.00',
        ratePercent: '0.5',
        lossRatePercent: '0',
        profitRatePercent: '0',
      },
    ]);
  });

  it('when drafts are sent, then only the type’s requirements go, amounts in minor units, blanks and zeros left out', () => {
    const drafts = [
      {
        ...EMPTY_TIER,
        minValidBetMinor: '10,000.50',
        minActiveMembers: '5',
        minNetLossMinor: '99',
        ratePercent: ' 0.4 ',
      },
      { ...EMPTY_TIER, minValidBetMinor: '0', ratePercent: '0.6' },
    ];
    expect(tiersOfDrafts('DAILY_SALARY', drafts, 2)).toEqual({
      tiers: [
        { minValidBetMinor: '1000050', minActiveMembers: 5, ratePercent: '0.4' },
        { ratePercent: '0.6' },
      ],
    });
    expect(
      tiersOfDrafts('REALTIME_SALARY', [{ ...EMPTY_TIER, ratePercent: '0.1', lossRatePercent: '5' }], 2),
    ).toEqual({
      tiers: [{ ratePercent: '0.1', lossRatePercent: '5', profitRatePercent: '0' }],
    });
  });

  it('when an amount or a count cannot be read, then the tier and field are named and nothing is sent', () => {
    expect(
      tiersOfDrafts('DAILY_SALARY', [{ ...EMPTY_TIER, minValidBetMinor: '1.234', ratePercent: '1' }], 2),
    ).toEqual({
      problem: { tier: 0, field: 'minValidBetMinor', problem: 'amount' },
    });
    expect(
      tiersOfDrafts(
        'DAILY_SALARY',
        [EMPTY_TIER, { ...EMPTY_TIER, minActiveMembers: '-3', ratePercent: '1' }],
        2,
      ),
    ).toEqual({ problem: { tier: 1, field: 'minActiveMembers', problem: 'count' } });
  });
});
