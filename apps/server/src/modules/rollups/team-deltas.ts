import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';

const DELTA_TRIGGERS = {
  member_round_rollups: 'team_rollup_deltas_of_rounds',
  member_money_rollups: 'team_rollup_deltas_of_money',
} as const;

/**
 * Runs `rewrite` inside transaction `tx` with the trigger that queues a team delta for every row
 * written to a member rollup table (migration 0019) turned off. Only for a rebuild that rewrites
 * the whole table: the team rollups are then rebuilt from the result (replaceTeamRollups empties
 * the queue), so a delta per row — tens of millions on a large site, each an after-trigger event
 * held in memory — would be paid for nothing. The trigger is on again before `tx` commits; if
 * `rewrite` throws, the rollback turns it back on (ALTER TABLE is transactional). The exclusive
 * lock it takes is one the rebuild needs anyway.
 */
export async function withoutTeamDeltas<T>(
  tx: Executor,
  table: keyof typeof DELTA_TRIGGERS,
  rewrite: () => Promise<T>,
): Promise<T> {
  await tx.execute(sql.raw(`alter table ${table} disable trigger ${DELTA_TRIGGERS[table]}`));
  const result = await rewrite();
  await tx.execute(sql.raw(`alter table ${table} enable trigger ${DELTA_TRIGGERS[table]}`));
  return result;
}
