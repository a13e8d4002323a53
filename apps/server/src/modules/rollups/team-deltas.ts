import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';

const REWRITTEN_TABLES = ['member_round_rollups', 'member_money_rollups'] as const;

/**
 * Runs `rewrite` inside transaction `tx` with the triggers that queue a team delta for every row
 * written to a member rollup table (migration 0019) and count its active days (0026) turned off.
 * Only for a rebuild that rewrites the whole table: the team rollups and active days are then
 * rebuilt from the result (replaceTeamRollups, replaceActiveDays empty the queues), so a delta per row — tens of millions on a large site, each an after-trigger event
 * held in memory — would be paid for nothing. The trigger is on again before `tx` commits; if
 * `rewrite` throws, the rollback turns it back on (ALTER TABLE is transactional). The exclusive
 * lock it takes is one the rebuild needs anyway.
 */
export async function withoutTeamDeltas<T>(
  tx: Executor,
  table: (typeof REWRITTEN_TABLES)[number],
  rewrite: () => Promise<T>,
): Promise<T> {
  // `user`: every trigger of the table that is not a constraint's; all of them are the rollups'.
  await tx.execute(sql.raw(`alter table ${table} disable trigger user`));
  const result = await rewrite();
  await tx.execute(sql.raw(`alter table ${table} enable trigger user`));
  return result;
}
