import {
  type ContractTier,
  type ContractTierInput,
  type ContractType,
  REQUIREMENTS_BY_TYPE,
  TIER_REQUIREMENTS,
  type TierRequirement,
} from '@fortuna/contracts/agent-contracts';
import { AppError } from '../../platform/errors.ts';
import { percentOfRate, rateFromPercent } from './settlement/rates.ts';
import { highestTierReached, type TeamFigures, type TierRequirements } from './settlement/tiers.ts';

/**
 * A tier as stored: requirements in minor units (members for active members; 0 asks nothing),
 * rates in parts per million (ADR 038).
 */
export interface TierTerms {
  position: number;
  minValidBetMinor: bigint;
  minActiveMembers: number;
  minBetMinor: bigint;
  minNetLossMinor: bigint;
  ratePpm: number;
  lossRatePpm: number;
  profitRatePpm: number;
}

/** Rates that pay the holder; the real-time profit rate instead takes from it (ADR 037). */
const PAYING_RATES = ['ratePpm', 'lossRatePpm'] as const;
type RateName = 'ratePpm' | 'lossRatePpm' | 'profitRatePpm';
const RATE_FIELD: Record<RateName, string> = {
  ratePpm: 'ratePercent',
  lossRatePpm: 'lossRatePercent',
  profitRatePpm: 'profitRatePercent',
};

// Stored in an integer column: at most 1,000,000.
const ppmOf = (percent: string) => Number(rateFromPercent(percent));
const percentOf = (ppm: number) => percentOfRate(BigInt(ppm));

const requirementOf = (tier: TierTerms, name: TierRequirement): bigint =>
  name === 'minActiveMembers' ? BigInt(tier.minActiveMembers) : tier[name];

/**
 * The tiers of an offer, checked for its type and stored shape. `field` names the list in the
 * caller's request ('body.tiers'), so every refusal names the tier and field that is wrong:
 * - a requirement the type does not use (a net loss on a daily salary);
 * - real-time rates on another type;
 * - a ladder that does not climb: each tier asks at least what the one below asks, and more of
 *   something, and pays at least as much (so "the highest tier met" is the best one met).
 */
export function tiersOfInput(type: ContractType, input: ContractTierInput[], field: string): TierTerms[] {
  const allowed: readonly string[] = REQUIREMENTS_BY_TYPE[type];
  const tiers = input.map((tier, index): TierTerms => {
    const at = `${field}.${index}`;
    for (const name of TIER_REQUIREMENTS)
      if (tier[name] !== undefined && !allowed.includes(name))
        throw AppError.invalidField(`${at}.${name}`, `is not a requirement of a ${type} contract`);
    if (type !== 'REALTIME_SALARY')
      for (const name of ['lossRatePercent', 'profitRatePercent'] as const)
        if (tier[name] !== undefined)
          throw AppError.invalidField(`${at}.${name}`, 'is only a rate of a REALTIME_SALARY contract');
    return {
      position: index + 1,
      minValidBetMinor: BigInt(tier.minValidBetMinor ?? '0'),
      minActiveMembers: tier.minActiveMembers ?? 0,
      minBetMinor: BigInt(tier.minBetMinor ?? '0'),
      minNetLossMinor: BigInt(tier.minNetLossMinor ?? '0'),
      ratePpm: ppmOf(tier.ratePercent),
      lossRatePpm: ppmOf(tier.lossRatePercent ?? '0'),
      profitRatePpm: ppmOf(tier.profitRatePercent ?? '0'),
    };
  });
  for (let index = 1; index < tiers.length; index += 1) {
    const [below, tier] = [tiers[index - 1] as TierTerms, tiers[index] as TierTerms];
    const at = `${field}.${index}`;
    const lower = TIER_REQUIREMENTS.find((name) => requirementOf(tier, name) < requirementOf(below, name));
    if (lower) throw AppError.invalidField(`${at}.${lower}`, 'must not be lower than the tier below asks');
    if (TIER_REQUIREMENTS.every((name) => requirementOf(tier, name) === requirementOf(below, name)))
      throw AppError.invalidField(at, 'must ask more than the tier below in some requirement');
    const cheaper = PAYING_RATES.find((rate) => tier[rate] < below[rate]);
    if (cheaper)
      throw AppError.invalidField(
        `${at}.${RATE_FIELD[cheaper]}`,
        'must not be lower than the tier below pays',
      );
  }
  return tiers;
}

/** A stored tier's requirements as settlement reads them (settlement/tiers.ts): 0 asks nothing. */
export function requirementsOf(tier: TierTerms): TierRequirements {
  const asked = <T extends bigint | number>(value: T) => (value > 0 ? value : undefined);
  return {
    validBetMinor: asked(tier.minValidBetMinor),
    activeMembers: asked(tier.minActiveMembers),
    betAmountMinor: asked(tier.minBetMinor),
    netLossMinor: asked(tier.minNetLossMinor),
  };
}

/** The figures that exactly meet a tier's requirements. */
const figuresMeeting = (tier: TierTerms): TeamFigures => ({
  validBetMinor: tier.minValidBetMinor,
  activeMembers: tier.minActiveMembers,
  betAmountMinor: tier.minBetMinor,
  netLossMinor: tier.minNetLossMinor,
});

/** The tier of `tiers` that the figures reach (the highest one met), as settlement selects it. */
export function tierReachedBy(tiers: readonly TierTerms[], figures: TeamFigures): TierTerms | undefined {
  return highestTierReached(
    tiers.map((tier) => ({ tier, requirements: requirementsOf(tier) })),
    figures,
  )?.tier.tier;
}

/**
 * The ratio rule (ADR 037): at every tier of the downline's contract, no paying rate exceeds the
 * upline's at the tier the upline's own contract reaches with the same requirements met, and the
 * real-time profit rate (a deduction) is not below the upline's. An upline's team holds its
 * downline's, so on bets and members the upline reaches at least that tier whenever the downline
 * reaches its own, and the rate it keeps is never negative. Throws naming the first rate that breaks it.
 */
export function checkRatioRule(
  downline: readonly TierTerms[],
  upline: readonly TierTerms[],
  field: string,
): void {
  downline.forEach((tier, index) => {
    const ceiling = tierReachedBy(upline, figuresMeeting(tier));
    const at = (rate: RateName) => `${field}.${index}.${RATE_FIELD[rate]}`;
    if (!ceiling)
      throw AppError.invalidField(
        at('ratePpm'),
        'this tier asks less than the lowest tier of your own contract, which pays nothing below it',
      );
    for (const rate of PAYING_RATES)
      if (tier[rate] > ceiling[rate])
        throw AppError.invalidField(
          at(rate),
          `must not exceed your own contract's rate at this requirement (${percentOf(ceiling[rate])} %)`,
        );
    if (tier.profitRatePpm < ceiling.profitRatePpm)
      throw AppError.invalidField(
        at('profitRatePpm'),
        `must not be below your own contract's profit rate at this requirement (${percentOf(ceiling.profitRatePpm)} %)`,
      );
  });
}

/** A tier as answered. */
export function tierOut(tier: TierTerms): ContractTier {
  return {
    position: tier.position,
    minValidBetMinor: tier.minValidBetMinor.toString(),
    minActiveMembers: tier.minActiveMembers,
    minBetMinor: tier.minBetMinor.toString(),
    minNetLossMinor: tier.minNetLossMinor.toString(),
    ratePercent: percentOf(tier.ratePpm),
    lossRatePercent: percentOf(tier.lossRatePpm),
    profitRatePercent: percentOf(tier.profitRatePpm),
  };
}
