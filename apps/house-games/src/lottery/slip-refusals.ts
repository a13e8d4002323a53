import type { Queryable } from './draw-store.ts';
import { LIVE_STATUSES } from './ticket-store.ts';

/**
 * How long a live slip whose call the platform refused waits before the call is sent again. A
 * refusal is an answer, not a lost call: the player unknown, a transaction conflict, the vendor in
 * maintenance. It does not go away by the next pass, which runs every second. Sending it again
 * every pass would flood the platform and the logs. Waiting lets an operator fix the cause, and
 * then the slip is paid or refunded without anyone resending by hand. A call whose answer was lost
 * is still sent again at the next pass.
 */
export const REFUSED_RETRY_MS = 5 * 60_000;

/**
 * The slip aliased `s` is due for its call: it was never refused, or its wait is over. `now` is
 * the query parameter holding the time.
 */
export const slipIsDue = (now: string) => `(s.retry_at is null or s.retry_at <= ${now})`;

/**
 * Records the platform's refusal of live slips' calls: the code, kept on the slip so that people
 * can find what is stuck, and when to try again.
 */
export async function recordRefusal(
  db: Queryable,
  slipIds: readonly string[],
  code: string,
  now: number,
): Promise<void> {
  if (slipIds.length === 0) return;
  await db.query(
    `update lottery_slips set refusal = $2, retry_at = $3
      where slip_id = any($1) and status = any($4)`,
    [slipIds, code, new Date(now + REFUSED_RETRY_MS), LIVE_STATUSES],
  );
}
