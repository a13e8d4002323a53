import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.ts';
import { teamFiguresByDay } from './rollups.service.ts';

const rowsOf = async <T>(db: Database, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

const EVER = { fromHour: new Date('2000-01-01T00:00:00Z'), toHour: new Date('2100-01-01T00:00:00Z') };

/** An agent's line from `members.upline_id` alone (not the closure): every member below it. */
export async function lineFromUplines(db: Database, agentId: bigint): Promise<bigint[]> {
  const rows = await rowsOf<{ id: string; upline_id: string | null }>(
    db,
    sql`select id::text, upline_id::text from members`,
  );
  const below = new Map<string, string[]>();
  for (const row of rows)
    if (row.upline_id) below.set(row.upline_id, [...(below.get(row.upline_id) ?? []), row.id]);
  const line: bigint[] = [];
  const walk = (id: string) => {
    for (const child of below.get(id) ?? []) {
      line.push(BigInt(child));
      walk(child);
    }
  };
  walk(String(agentId));
  return line;
}

/** The team figures of `memberIds` recomputed from the bet records and the ledger's entries. */
export async function recomputedFromRaw(db: Database, memberIds: bigint[]) {
  const ids = `{${memberIds.join(',')}}`;
  const [bets] = await rowsOf<{ n: number; stake: string; valid: string; payout: string }>(
    db,
    sql`select count(*)::int as n, coalesce(sum(stake_minor), 0)::text as stake,
               coalesce(sum(valid_bet_minor), 0)::text as valid, coalesce(sum(payout_minor), 0)::text as payout
          from bet_records where status = 'SETTLED' and member_id = any(${ids}::bigint[])`,
  );
  const money = await rowsOf<{ type: string; amount: string }>(
    db,
    sql`select t.type, e.amount_minor::text as amount
          from ledger_entries e
          join ledger_accounts a on a.id = e.account_id and a.kind = 'MEMBER_MAIN' and a.vendor is null
          join ledger_transactions t on t.id = e.transaction_id
         where a.member_id = any(${ids}::bigint[])`,
  );
  const sum = (pick: (row: { type: string; amount: bigint }) => bigint) =>
    money.reduce((total, row) => total + pick({ type: row.type, amount: BigInt(row.amount) }), 0n);
  return {
    betCount: bets?.n ?? 0,
    stakeMinor: BigInt(bets?.stake ?? 0),
    validBetMinor: BigInt(bets?.valid ?? 0),
    payoutMinor: BigInt(bets?.payout ?? 0),
    depositMinor: sum((row) => (row.type === 'DEPOSIT' ? row.amount : 0n)),
    withdrawalMinor: sum((row) => (row.type.startsWith('WITHDRAWAL_') ? -row.amount : 0n)),
    bonusMinor: sum((row) => (row.type === 'BONUS' ? row.amount : 0n)),
    transferInMinor: sum((row) => (row.type === 'TRANSFER' && row.amount > 0n ? row.amount : 0n)),
    transferOutMinor: sum((row) => (row.type === 'TRANSFER' && row.amount < 0n ? -row.amount : 0n)),
    movementMinor: sum((row) => row.amount),
    newMembers: memberIds.length,
  };
}

/** What the team reads give for the agent over all time, days added up. */
export async function teamTotal(db: Database, agentId: bigint) {
  const days = await teamFiguresByDay(db, { agentId, ...EVER, offsetMinutes: 0 });
  const total = {
    betCount: 0,
    stakeMinor: 0n,
    validBetMinor: 0n,
    payoutMinor: 0n,
    depositMinor: 0n,
    withdrawalMinor: 0n,
    bonusMinor: 0n,
    transferInMinor: 0n,
    transferOutMinor: 0n,
    movementMinor: 0n,
    newMembers: 0,
  };
  for (const day of days) {
    total.betCount += day.betCount;
    total.newMembers += day.newMembers;
    for (const key of Object.keys(total) as (keyof typeof total)[])
      if (key !== 'betCount' && key !== 'newMembers') total[key] += day[key];
  }
  return total;
}

/** The main-wallet balances of `memberIds` now, from the ledger's accounts. */
export async function walletsOf(db: Database, memberIds: bigint[]): Promise<bigint> {
  const [row] = await rowsOf<{ total: string }>(
    db,
    sql`select coalesce(sum(balance_minor), 0)::text as total from ledger_accounts
         where kind = 'MEMBER_MAIN' and vendor is null and member_id = any(${`{${memberIds.join(',')}}`}::bigint[])`,
  );
  return BigInt(row?.total ?? 0);
}

export const pendingDeltas = async (db: Database) =>
  (await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from team_rollup_deltas`))[0]?.n ?? 0;
