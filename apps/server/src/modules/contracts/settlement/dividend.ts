import { applyRate } from './rates.ts';
import type { RatedTier } from './salary.ts';
import { highestTierReached, type TeamFigures } from './tiers.ts';

/** The team's money of one dividend period, all of the rounds and movements that count in it. */
export interface DividendFigures {
  stakeMinor: bigint;
  payoutMinor: bigint;
  bonusMinor: bigint;
  rebateMinor: bigint;
  /** Salaries the team's contracts earned for the same period. */
  salaryMinor: bigint;
}

/** The team's net loss: what the platform kept from it, after what it gave back (ADR 038). */
export function teamNetLoss(figures: DividendFigures): bigint {
  return (
    figures.stakeMinor - figures.payoutMinor - figures.bonusMinor - figures.rebateMinor - figures.salaryMinor
  );
}

export interface DividendCalculation {
  /** The period's own net loss. */
  netLossMinor: bigint;
  /** The loss carried in from earlier periods (zero or negative). */
  carriedInMinor: bigint;
  /** netLoss + carriedIn: what the rate applies to when positive. */
  baseMinor: bigint;
  tierLevel: number | null;
  ratePpm: bigint;
  amountMinor: bigint;
  /** What the next period starts from: the base when negative, else zero. */
  carriedOutMinor: bigint;
}

/**
 * One dividend period (ADR 038): the team's net loss plus what earlier periods carried in is the
 * base; a positive base × the rate of the highest tier reached (tiers read the period's own
 * figures), floored to the minor unit; a negative base pays nothing and is carried forward whole
 * against the next period. A positive base clears the carry whether or not a tier is reached:
 * the carry is the team's history of profit, not a debt of the agent's rate.
 */
export function periodDividend(
  tiers: readonly RatedTier[],
  figures: TeamFigures,
  carriedInMinor: bigint,
): DividendCalculation {
  if (carriedInMinor > 0n) throw new RangeError(`only a loss is carried forward, not ${carriedInMinor}`);
  const netLossMinor = figures.netLossMinor;
  const baseMinor = netLossMinor + carriedInMinor;
  const carriedOutMinor = baseMinor < 0n ? baseMinor : 0n;
  const reached = highestTierReached(tiers, figures);
  if (!reached) {
    return {
      netLossMinor,
      carriedInMinor,
      baseMinor,
      tierLevel: null,
      ratePpm: 0n,
      amountMinor: 0n,
      carriedOutMinor,
    };
  }
  const ratePpm = reached.tier.ratePpm;
  return {
    netLossMinor,
    carriedInMinor,
    baseMinor,
    tierLevel: reached.level,
    ratePpm,
    amountMinor: baseMinor > 0n ? applyRate(baseMinor, ratePpm) : 0n,
    carriedOutMinor,
  };
}
