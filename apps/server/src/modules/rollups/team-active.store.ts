import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { type BranchMove, lockFolds, rowsOf, signedUplines } from './fold-sql.ts';

/**
 * Active members per agent without reading its line (ADR 041). A member's active site days are
 * kept in member_active_days (migration 0026's trigger on the round rollups); each active day
 * paired with the member's previous one is a row of member_active_pairs. An agent's
 * team_active_days count those pairs over its line per (day, previous day), folded from the queue
 * team_active_deltas like the team rollups (ADR 035). Members active in [from, to] = pairs with the
 * day in the period and the previous day before `from`: each member's first active day in the
 * period, once.
 */

/**
 * Folds up to `batch` pending pair deltas, oldest first, into every upline's pairs and deletes them
 * in the same statement: exactly once, or pending again if the transaction dies.
 */
export async function foldActiveDeltas(db: Executor, batch: number): Promise<number> {
  return db.transaction(async (tx) => {
    await lockFolds(tx);
    const [row] = await rowsOf<{ deltas: number }>(
      tx,
      sql`with taken as (
            delete from team_active_deltas
             where id in (select id from team_active_deltas order by id limit ${batch})
            returning *),
          written as (
            insert into team_active_days as t (ancestor_id, day, prev_day, pairs)
            select c.ancestor_id, taken.day, taken.prev_day, sum(taken.pairs)::int
              from taken join line_closure c on c.member_id = taken.member_id and c.depth >= 1
             group by 1, 2, 3
            on conflict (ancestor_id, day, prev_day) do update set pairs = t.pairs + excluded.pairs
            returning 1)
          select (select count(*) from taken)::int as deltas, (select count(*) from written)::int as days`,
    );
    return Number(row?.deltas ?? 0);
  });
}

/**
 * Moves a branch's active pairs out of the old uplines' and into the new ones', in the caller's
 * transaction, as moveTeamHistory moves its figures: the member pairs less the pair deltas still
 * pending, which the fold adds to the uplines the closure has when it runs.
 */
export async function moveActiveHistory(tx: Executor, move: BranchMove): Promise<void> {
  await lockFolds(tx);
  await tx.execute(
    sql`with branch as (select member_id from line_closure where ancestor_id = ${move.rootId}),
        pairs as (
          select day, prev_day, 1 as pairs from member_active_pairs where member_id in (select member_id from branch)
          union all
          select day, prev_day, -pairs from team_active_deltas where member_id in (select member_id from branch)),
        history as (select day, prev_day, sum(pairs)::int as pairs from pairs group by 1, 2 having sum(pairs) <> 0)
        insert into team_active_days as t (ancestor_id, day, prev_day, pairs)
        select u.ancestor_id, h.day, h.prev_day, u.sign * h.pairs from history h cross join (${signedUplines(move)}) u
        on conflict (ancestor_id, day, prev_day) do update set pairs = t.pairs + excluded.pairs`,
  );
}

/**
 * Members of the agent's line with a round on a site day `fromDay`..`toDay` (YYYY-MM-DD,
 * inclusive, at most 92 days): its folded pairs plus the pending pair deltas of members now in its
 * line, so the answer is exact whatever the fold's lag.
 */
export async function activeMembersOfDays(
  db: Executor,
  input: { agentId: bigint; fromDay: string; toDay: string },
): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select coalesce(sum(pairs), 0)::int as n
          from (select pairs from team_active_days
                 where ancestor_id = ${input.agentId} and day between ${input.fromDay}::date and ${input.toDay}::date
                   and prev_day < ${input.fromDay}::date
                union all
                select d.pairs from team_active_deltas d
                  join line_closure c on c.member_id = d.member_id and c.ancestor_id = ${input.agentId} and c.depth >= 1
                 where d.day between ${input.fromDay}::date and ${input.toDay}::date and d.prev_day < ${input.fromDay}::date) as kept`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Every member's active days recomputed from the round rollups (bet_count above zero). The site day
 * as rollup_site_day reads it, with the offset read once rather than once per row.
 */
const RECOMPUTED_DAYS = sql`
  select r.member_id, ((r.hour_start at time zone 'UTC') + site.gmt)::date as day, count(*)::int as active_rows
    from member_round_rollups r,
         (select coalesce((select gmt_offset::interval from site_settings where id = 1), interval '0') as gmt) as site
   where r.bet_count > 0 group by 1, 2`;

/** What every upline's pairs must hold: its line's member pairs, per (day, previous day). */
const RECOMPUTED_PAIRS = sql`
  select c.ancestor_id, p.day, p.prev_day, count(*)::int as pairs
    from member_active_pairs p join line_closure c on c.member_id = p.member_id and c.depth >= 1
   group by 1, 2, 3`;

/** The pairs kept, pending deltas counted in, per upline, day and previous day. */
const KEPT_PAIRS = sql`
  select ancestor_id, day, prev_day, sum(pairs)::int as pairs
    from (select ancestor_id, day, prev_day, pairs from team_active_days
          union all
          select c.ancestor_id, d.day, d.prev_day, d.pairs
            from team_active_deltas d join line_closure c on c.member_id = d.member_id and c.depth >= 1) as parts
   group by 1, 2, 3 having sum(pairs) <> 0`;

/**
 * Where the active days differ from the round rollups, or an upline's pairs from its line's
 * (at most `limit` of each).
 */
export async function activeDifferences(db: Executor, limit: number): Promise<string[]> {
  const days = await rowsOf<{
    member_id: string;
    day: string;
    kept: number | null;
    recomputed: number | null;
  }>(
    db,
    sql`select coalesce(k.member_id, r.member_id)::text as member_id, to_char(coalesce(k.day, r.day), 'YYYY-MM-DD') as day,
               k.active_rows as kept, r.active_rows as recomputed
          from member_active_days k full join (${RECOMPUTED_DAYS}) r on r.member_id = k.member_id and r.day = k.day
         where k.active_rows is distinct from r.active_rows
         limit ${limit}`,
  );
  const pairs = await rowsOf<{
    ancestor_id: string;
    day: string;
    prev_day: string;
    kept: number | null;
    recomputed: number | null;
  }>(
    db,
    sql`select coalesce(k.ancestor_id, r.ancestor_id)::text as ancestor_id, to_char(coalesce(k.day, r.day), 'YYYY-MM-DD') as day,
               coalesce(k.prev_day, r.prev_day)::text as prev_day, k.pairs as kept, r.pairs as recomputed
          from (${KEPT_PAIRS}) k full join (${RECOMPUTED_PAIRS}) r
            on r.ancestor_id = k.ancestor_id and r.day = k.day and r.prev_day = k.prev_day
         where k.pairs is distinct from r.pairs
         limit ${limit}`,
  );
  return [
    ...days.map(
      (row) =>
        `member ${row.member_id} day ${row.day}: kept ${row.kept ?? 'none'} active rows, recomputed ${row.recomputed ?? 'none'}`,
    ),
    ...pairs.map(
      (row) =>
        `upline ${row.ancestor_id} day ${row.day} after ${row.prev_day}: kept ${row.kept ?? 'none'} pairs, recomputed ${row.recomputed ?? 'none'}`,
    ),
  ];
}

/** How many upline pairs rows the recomputation holds. */
export async function countActivePairs(db: Executor): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from (${RECOMPUTED_PAIRS}) r`);
  return Number(row?.n ?? 0);
}

/**
 * Replaces the active days and every upline's pairs with the recomputation and empties the pair
 * queue, with the round rollups locked so no round is counted meanwhile.
 */
export async function replaceActiveDays(db: Executor): Promise<number> {
  return db.transaction(async (tx) => {
    await lockFolds(tx);
    await tx.execute(sql`lock table member_round_rollups in share mode`);
    await tx.execute(sql`truncate member_active_days, team_active_days, team_active_deltas`);
    await tx.execute(sql`insert into member_active_days (member_id, day, active_rows) ${RECOMPUTED_DAYS}`);
    const [row] = await rowsOf<{ n: number }>(
      tx,
      sql`with written as (insert into team_active_days (ancestor_id, day, prev_day, pairs) ${RECOMPUTED_PAIRS} returning 1)
          select count(*)::int as n from written`,
    );
    return Number(row?.n ?? 0);
  });
}
