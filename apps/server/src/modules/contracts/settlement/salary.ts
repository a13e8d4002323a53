import { applyRate } from './rates.ts';
import { highestTierReached, type TeamFigures, type TierRequirements } from './tiers.ts';

export interface RatedTier {
  requirements: TierRequirements;
  ratePpm: bigint;
}

/** One settled period of one contract, as its bill and the agent's record show it. */
export interface Calculation {
  baseMinor: bigint;
  /** 1-based level of the tier reached; null when none was (threshold not reached). */
  tierLevel: number | null;
  ratePpm: bigint;
  amountMinor: bigint;
}

/**
 * Daily and hourly salary of one period (ADR 038): the team's valid bets of the period × the rate
 * of the highest tier reached, floored to the minor unit. No tier reached: the base is shown and
 * nothing is owed.
 */
export function periodSalary(tiers: readonly RatedTier[], figures: TeamFigures): Calculation {
  const baseMinor = figures.validBetMinor;
  const reached = highestTierReached(tiers, figures);
  if (!reached) return { baseMinor, tierLevel: null, ratePpm: 0n, amountMinor: 0n };
  return {
    baseMinor,
    tierLevel: reached.level,
    ratePpm: reached.tier.ratePpm,
    amountMinor: applyRate(baseMinor, reached.tier.ratePpm),
  };
}

const DAY_MS = 86_400_000;

/**
 * When a day's salary is paid: at the start of the site day `paymentDelayDays` after it (issue 16
 * reads the spec's "paid every other day" as the day after next, so 2 by default; 1 pays on the
 * next day). Site days are whole days at a fixed GMT offset, so it is a plain addition.
 */
export function dailySalaryPayableFrom(day: { start: Date }, paymentDelayDays = 2): Date {
  if (!Number.isInteger(paymentDelayDays) || paymentDelayDays < 1) {
    throw new RangeError(`a daily salary is paid 1 or more days after its day, not ${paymentDelayDays}`);
  }
  return new Date(day.start.getTime() + paymentDelayDays * DAY_MS);
}
