/**
 * What a tier asks of the team in the settled period; a requirement left out asks nothing. Spec 3
 * and issue 16: valid bet amount, active members, bet amount of the day or hour, net loss.
 */
export interface TierRequirements {
  validBetMinor?: bigint;
  activeMembers?: number;
  betAmountMinor?: bigint;
  netLossMinor?: bigint;
}

/** The team's figures of one period, as the requirements read them. */
export interface TeamFigures {
  /** Valid bets of rounds that count in the period (ADR 030). */
  validBetMinor: bigint;
  /** Members of the team with a counted round in the period. */
  activeMembers: number;
  /** Stakes of those rounds. */
  betAmountMinor: bigint;
  /** The team's loss (stakes − payouts − …, by the contract type's formula); negative is a profit. */
  netLossMinor: bigint;
}

/** Where the figures fall short of a tier's requirements: none means the tier is reached. */
export function missedRequirements(
  requirements: TierRequirements,
  figures: TeamFigures,
): (keyof TierRequirements)[] {
  const missed: (keyof TierRequirements)[] = [];
  const { validBetMinor, activeMembers, betAmountMinor, netLossMinor } = requirements;
  if (validBetMinor !== undefined && figures.validBetMinor < validBetMinor) missed.push('validBetMinor');
  if (activeMembers !== undefined && figures.activeMembers < activeMembers) missed.push('activeMembers');
  if (betAmountMinor !== undefined && figures.betAmountMinor < betAmountMinor) missed.push('betAmountMinor');
  if (netLossMinor !== undefined && figures.netLossMinor < netLossMinor) missed.push('netLossMinor');
  return missed;
}

/**
 * The highest tier the team reached: tiers are given lowest level first, a tier is reached when
 * every one of its requirements is met (figure ≥ requirement, so a figure exactly on the boundary
 * reaches it), and of those reached the one of the highest level wins — whatever the lower ones
 * ask. Undefined when none is reached (the bill's "threshold not reached"). A fixed rate is one tier
 * with no requirements.
 */
export function highestTierReached<T extends { requirements: TierRequirements }>(
  tiers: readonly T[],
  figures: TeamFigures,
): { tier: T; level: number } | undefined {
  for (let index = tiers.length - 1; index >= 0; index--) {
    const tier = tiers[index] as T;
    if (missedRequirements(tier.requirements, figures).length === 0) return { tier, level: index + 1 };
  }
  return undefined;
}
