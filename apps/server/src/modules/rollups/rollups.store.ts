import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { withoutTeamDeltas } from './team-deltas.ts';

/** One member's settled rounds in one counting hour, category and vendor. */
export interface MemberRoundRollup {
  memberId: bigint;
  hourStart: Date;
  category: string;
  vendorCode: string;
  betCount: number;
  stakeMinor: bigint;
  validBetMinor: bigint;
  payoutMinor: bigint;
}

type RawRollup = {
  member_id: string;
  hour_start: string | Date;
  category: string;
  vendor_code: string;
  bet_count: number | string;
  stake_minor: string;
  valid_bet_minor: string;
  payout_minor: string;
};

const rowsOf = async <T>(db: Executor, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

const rollupOf = (row: RawRollup): MemberRoundRollup => ({
  memberId: BigInt(row.member_id),
  hourStart: new Date(row.hour_start),
  category: row.category,
  vendorCode: row.vendor_code,
  betCount: Number(row.bet_count),
  stakeMinor: BigInt(row.stake_minor),
  validBetMinor: BigInt(row.valid_bet_minor),
  payoutMinor: BigInt(row.payout_minor),
});

const COLUMNS = sql`member_id::text, hour_start, category, vendor_code, bet_count,
  stake_minor::text, valid_bet_minor::text, payout_minor::text`;

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

export async function listMemberRoundRollups(db: Executor): Promise<MemberRoundRollup[]> {
  const rows = await rowsOf<RawRollup>(
    db,
    sql`select ${COLUMNS} from member_round_rollups
         where bet_count <> 0 or stake_minor <> 0 or valid_bet_minor <> 0 or payout_minor <> 0`,
  );
  return rows.map(rollupOf);
}

export async function recomputeMemberRoundRollups(db: Executor): Promise<MemberRoundRollup[]> {
  const rows = await rowsOf<RawRollup>(db, sql`select ${COLUMNS} from (${RECOMPUTED}) as recomputed`);
  return rows.map(rollupOf);
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
