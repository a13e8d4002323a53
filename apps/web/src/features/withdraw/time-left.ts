/** How long until an unconfirmed payout counts as received: whole hours and minutes, never negative. */
export function timeLeftUntil(
  deadline: string,
  nowMs: number,
): { hours: number; minutes: number; over: boolean } {
  const leftMs = Date.parse(deadline) - nowMs;
  if (!(leftMs > 0)) return { hours: 0, minutes: 0, over: true };
  // Rounded up: "0 minutes left" while there are still seconds would read as already over.
  const minutes = Math.ceil(leftMs / 60_000);
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60, over: false };
}
