import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { withoutTeamDeltas } from './team-deltas.ts';

const rowsOf = async <T>(db: Executor, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * What the money rollups must hold, recomputed from the ledger (ADR 035): every main-wallet entry in
 * the site-time hour it was written, per ledger type and direction. Reads the ledger's tables: the
 * rebuild is the one place that must see the raw records (ADR 026).
 */
const RECOMPUTED = sql`
  select a.member_id, rollup_counting_hour(e.created_at, e.created_at) as hour_start, t.type as ledger_type,
         case when e.amount_minor > 0 then 'IN' else 'OUT' end as direction,
         count(*)::int as entry_count, sum(e.amount_minor)::bigint as amount_minor
    from ledger_entries e
    join ledger_accounts a on a.id = e.account_id and a.kind = 'MEMBER_MAIN' and a.vendor is null
    join ledger_transactions t on t.id = e.transaction_id
   group by 1, 2, 3, 4`;

/** Member-hour-type-directions where the money rollups and the ledger differ (at most `limit`). */
export async function moneyDifferences(db: Executor, limit: number): Promise<string[]> {
  const rows = await rowsOf<{
    key: string;
    kept: string | null;
    recomputed: string | null;
  }>(
    db,
    sql`with kept as (select * from member_money_rollups where entry_count <> 0 or amount_minor <> 0),
             recomputed as (${RECOMPUTED})
        select concat_ws('|', coalesce(kept.member_id, recomputed.member_id),
                         to_char(coalesce(kept.hour_start, recomputed.hour_start) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"'),
                         coalesce(kept.ledger_type, recomputed.ledger_type),
                         coalesce(kept.direction, recomputed.direction)) as key,
               concat_ws('/', kept.entry_count, kept.amount_minor) as kept,
               concat_ws('/', recomputed.entry_count, recomputed.amount_minor) as recomputed
          from kept full join recomputed
            on recomputed.member_id = kept.member_id and recomputed.hour_start = kept.hour_start
           and recomputed.ledger_type = kept.ledger_type and recomputed.direction = kept.direction
         where kept.member_id is null or recomputed.member_id is null
            or (kept.entry_count, kept.amount_minor) is distinct from (recomputed.entry_count, recomputed.amount_minor)
         limit ${limit}`,
  );
  return rows.map(
    (row) => `${row.key}: kept ${row.kept || 'none'}, recomputed ${row.recomputed || 'none'} (count/amount)`,
  );
}

export async function countMoneyRows(db: Executor): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from (${RECOMPUTED}) r`);
  return Number(row?.n ?? 0);
}

/**
 * Replaces the money rollups with the recomputation; the ledger's entries are locked meanwhile.
 * The team rollups are left to be rebuilt from the result (withoutTeamDeltas).
 */
export async function replaceMemberMoneyRollups(db: Executor): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ledger_entries in share mode`);
    await tx.execute(sql`truncate member_money_rollups`);
    const [row] = await withoutTeamDeltas(tx, 'member_money_rollups', () =>
      rowsOf<{ n: number }>(
        tx,
        sql`with written as (
              insert into member_money_rollups (member_id, hour_start, ledger_type, direction, entry_count, amount_minor)
              ${RECOMPUTED} returning 1)
            select count(*)::int as n from written`,
      ),
    );
    return Number(row?.n ?? 0);
  });
}
