import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';

/** One advisory lock for the fold, a move of history and the rebuild: they never interleave. */
const FOLD_LOCK = 4242035;

export const lockFolds = (tx: Executor) => tx.execute(sql`select pg_advisory_xact_lock(${FOLD_LOCK})`);

export const rowsOf = async <T>(db: Executor, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** A branch (the member `rootId` and everything below it) moving from one set of uplines to another. */
export interface BranchMove {
  rootId: bigint;
  fromUplines: bigint[];
  toUplines: bigint[];
}

/**
 * A move's uplines as (ancestor_id, sign): -1 losing the branch, +1 gaining it. An upline on both
 * sides (a move within its line) keeps the branch: the signs net per upline.
 */
export const signedUplines = (move: BranchMove) =>
  sql`select ancestor_id, sum(sign)::int as sign
        from (select unnest(${`{${move.fromUplines.join(',')}}`}::bigint[]) as ancestor_id, -1 as sign
              union all
              select unnest(${`{${move.toUplines.join(',')}}`}::bigint[]), 1) as sides
       group by 1 having sum(sign) <> 0`;
