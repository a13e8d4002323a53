import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { withoutTeamDeltas } from './team-deltas.ts';

const rowsOf = async <T>(db: Executor, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * What the rollups must hold, recomputed from the bet records and the vendors' credits (ADR 030):
 * a round's count, stake and valid bet in the hour it settled; its payout there too, except
 * credits written after that hour had closed, each in the hour that was open when it came. Reads
 * the vendors' tables: the rebuild is the one place that must see the raw records (ADR 026).
 */
const RECOMPUTED = sql`
  with rounds as (
    select id, vendor_code, round_id, member_id, category, settled_at, stake_minor, valid_bet_minor, payout_minor,
           rollup_counting_hour(settled_at, settled_at) as own_hour
      from bet_records where status = 'SETTLED'
  ),
  late as (
    select rounds.id, rollup_counting_hour(rounds.settled_at, credit.created_at) as hour_start,
           sum(credit.amount_minor) as payout_minor
      from rounds
      join vendor_transactions credit
        on credit.vendor_code = rounds.vendor_code and credit.round_id = rounds.round_id
       and credit.member_id = rounds.member_id and credit.kind = 'CREDIT' and credit.status = 'APPLIED'
     where rollup_counting_hour(rounds.settled_at, credit.created_at) > rounds.own_hour
     group by 1, 2
  ),
  parts as (
    select rounds.member_id, rounds.own_hour as hour_start, rounds.category, rounds.vendor_code, 1 as bet_count,
           rounds.stake_minor, rounds.valid_bet_minor,
           rounds.payout_minor - coalesce((select sum(late.payout_minor) from late where late.id = rounds.id), 0)
             as payout_minor
      from rounds
    union all
    select rounds.member_id, late.hour_start, rounds.category, rounds.vendor_code, 0, 0, 0, late.payout_minor
      from late join rounds on rounds.id = late.id
  )
  select member_id, hour_start, category, vendor_code, sum(bet_count)::int as bet_count,
         sum(stake_minor)::bigint as stake_minor, sum(valid_bet_minor)::bigint as valid_bet_minor,
         sum(payout_minor)::bigint as payout_minor
    from parts group by 1, 2, 3, 4`;

/**
 * Where the rollups and the recomputation disagree, at most `limit` of them, as
 * "member|hour|category|vendor: kept …, recomputed … (count/stake/valid/payout)". Compared in the
 * database: at 100,000 members there are millions of rows, more than the command's heap holds.
 */
export async function roundDifferences(db: Executor, limit: number): Promise<string[]> {
  const rows = await rowsOf<{ key: string; kept: string | null; recomputed: string | null }>(
    db,
    sql`with kept as (select * from member_round_rollups
                       where bet_count <> 0 or stake_minor <> 0 or valid_bet_minor <> 0 or payout_minor <> 0),
             recomputed as (${RECOMPUTED})
        select concat_ws('|', coalesce(kept.member_id, recomputed.member_id),
                         to_char(coalesce(kept.hour_start, recomputed.hour_start) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"'),
                         coalesce(kept.category, recomputed.category),
                         coalesce(kept.vendor_code, recomputed.vendor_code)) as key,
               concat_ws('/', kept.bet_count, kept.stake_minor, kept.valid_bet_minor, kept.payout_minor) as kept,
               concat_ws('/', recomputed.bet_count, recomputed.stake_minor, recomputed.valid_bet_minor,
                         recomputed.payout_minor) as recomputed
          from kept full join recomputed
            on recomputed.member_id = kept.member_id and recomputed.hour_start = kept.hour_start
           and recomputed.category = kept.category and recomputed.vendor_code = kept.vendor_code
         where kept.member_id is null or recomputed.member_id is null
            or (kept.bet_count, kept.stake_minor, kept.valid_bet_minor, kept.payout_minor)
               is distinct from (recomputed.bet_count, recomputed.stake_minor, recomputed.valid_bet_minor,
                                 recomputed.payout_minor)
         limit ${limit}`,
  );
  return rows.map(
    (row) =>
      `${row.key}: kept ${row.kept || 'none'}, recomputed ${row.recomputed || 'none'} (count/stake/valid/payout)`,
  );
}

/** How many rows the recomputation has. */
export async function countRoundRows(db: Executor): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from (${RECOMPUTED}) r`);
  return Number(row?.n ?? 0);
}

/**
 * Replaces the rollups with the recomputation; the table is locked so no round settles meanwhile.
 * The team rollups are left to be rebuilt from the result (withoutTeamDeltas).
 */
export async function replaceMemberRoundRollups(db: Executor): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table bet_records in share mode`);
    await tx.execute(sql`truncate member_round_rollups`);
    const rows = await withoutTeamDeltas(tx, 'member_round_rollups', () =>
      rowsOf<{ n: number }>(
        tx,
        sql`with written as (
              insert into member_round_rollups
                     (member_id, hour_start, category, vendor_code, bet_count, stake_minor, valid_bet_minor, payout_minor)
              ${RECOMPUTED}
              returning 1)
            select count(*)::int as n from written`,
      ),
    );
    return Number(rows[0]?.n ?? 0);
  });
}

/** How long after its end a period still takes rounds (rollup_settings, ADR 030). */
export async function graceMinutes(db: Executor): Promise<number> {
  const result = (await db.execute(
    sql`select grace_minutes from rollup_settings where id = 1`,
  )) as unknown as { rows: { grace_minutes: number }[] };
  return Number(result.rows[0]?.grace_minutes ?? 10);
}
