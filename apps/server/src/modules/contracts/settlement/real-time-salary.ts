import { RATE_SCALE } from './rates.ts';
import { highestTierReached, type TeamFigures, type TierRequirements } from './tiers.ts';

export interface RealTimeRates {
  /** On every valid bet of the window. */
  singleBetPpm: bigint;
  /** On the team's net loss, when the window is a loss for the team. */
  lossPpm: bigint;
  /** Taken back on the team's net profit, when the window is a profit for the team. */
  profitPpm: bigint;
}

export interface RealTimeTier {
  requirements: TierRequirements;
  rates: RealTimeRates;
}

export interface RealTimeCalculation {
  validBetMinor: bigint;
  netLossMinor: bigint;
  tierLevel: number | null;
  rates: RealTimeRates;
  amountMinor: bigint;
}

const NO_RATES: RealTimeRates = { singleBetPpm: 0n, lossPpm: 0n, profitPpm: 0n };

/**
 * Real-time salary of one five-minute window (ADR 038):
 *   valid bets × single-bet rate + max(net loss, 0) × loss rate − max(net profit, 0) × profit rate,
 * floored at zero (a window never takes money back from the agent). The three products are summed
 * exactly in parts per million and floored once, so the window's amount is the exact value less
 * only the fraction of a minor unit.
 */
export function realTimeSalary(tiers: readonly RealTimeTier[], figures: TeamFigures): RealTimeCalculation {
  const { validBetMinor, netLossMinor } = figures;
  const reached = highestTierReached(tiers, figures);
  const rates = reached?.tier.rates ?? NO_RATES;
  const lossMinor = netLossMinor > 0n ? netLossMinor : 0n;
  const profitMinor = netLossMinor < 0n ? -netLossMinor : 0n;
  const scaled =
    validBetMinor * rates.singleBetPpm + lossMinor * rates.lossPpm - profitMinor * rates.profitPpm;
  return {
    validBetMinor,
    netLossMinor,
    tierLevel: reached ? reached.level : null,
    rates,
    amountMinor: scaled > 0n ? scaled / RATE_SCALE : 0n,
  };
}
