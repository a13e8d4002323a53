/** What an upline received on its own contract and what it paid on its downlines' contracts. */
export interface UplineShare {
  receivedMinor: bigint;
  paidMinor: bigint;
  /** received − paid: the upline's share, its own rate less what it passes down. */
  keptMinor: bigint;
}

/**
 * An upline's share of one period (ADR 038). Its own contract pays it its rate on its whole team,
 * which holds each direct downline's team; it pays each downline contract that downline's rate on
 * the downline's team. For salaries (bases are bets, never negative) a downline's rate never
 * exceeding its upline's (the ratio rule) makes what is kept the upline's rate on its direct
 * members' play plus the rate difference on each downline's team, never below zero (the floor of
 * a sum is never less than the sum of the floors). For dividends it can be negative: one downline's
 * team lost (it is paid) while another's won (the upline's own base shrank) — the upline's risk.
 */
export function uplineShare(receivedMinor: bigint, paidToDownlinesMinor: readonly bigint[]): UplineShare {
  const paidMinor = paidToDownlinesMinor.reduce((sum, amount) => sum + amount, 0n);
  return { receivedMinor, paidMinor, keptMinor: receivedMinor - paidMinor };
}
