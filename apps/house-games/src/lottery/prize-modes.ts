/**
 * Prize modes from the brand's configuration (ADR 040): each scales the full odds of the tables
 * (ELOTT) and gives back a rebate on turnover. Basis points: 10,000 = 100%.
 */
export const PRIZE_MODES = {
  ELOTT: { oddsBasisPoints: 10_000, rebateBasisPoints: 0 },
  ZY: { oddsBasisPoints: 9_850, rebateBasisPoints: 50 },
  LOTT: { oddsBasisPoints: 9_700, rebateBasisPoints: 150 },
  SEA: { oddsBasisPoints: 9_500, rebateBasisPoints: 300 },
} as const;
export type PrizeMode = keyof typeof PRIZE_MODES;
export const PRIZE_MODE_CODES = Object.keys(PRIZE_MODES) as PrizeMode[];

/** The rebate a stake earns in a mode, rounded down to the minor unit. */
export const rebateMinor = (stakeMinor: number, mode: PrizeMode) =>
  Number((BigInt(stakeMinor) * BigInt(PRIZE_MODES[mode].rebateBasisPoints)) / 10_000n);
