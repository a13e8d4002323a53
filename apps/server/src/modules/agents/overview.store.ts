import { and, eq, gte, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { members } from '../identity/identity.schema.ts';
import { ledgerAccounts } from '../ledger/ledger.schema.ts';
import { lineClosure } from '../line/line.schema.ts';

export interface OverviewInput {
  /** Always the agent whose line is read. */
  agentId: bigint;
  from: Date;
  to: Date;
  /** The site's GMT offset in minutes: days are the site's days. */
  offsetMinutes: number;
}

const inLine = (agentId: bigint) => and(eq(lineClosure.ancestorId, agentId), gte(lineClosure.depth, 1));
const isMainWallet = and(eq(ledgerAccounts.kind, 'MEMBER_MAIN'), isNull(ledgerAccounts.vendor));
const dayOf = (column: SQL | typeof members.createdAt, offsetMinutes: number) =>
  sql<string>`to_char((${column} at time zone 'UTC') + make_interval(mins => ${offsetMinutes}::int), 'YYYY-MM-DD')`;

/** Members of the line registered in the period, per site day. */
export function newMembersByDay(db: Executor, input: OverviewInput) {
  return (
    db
      .select({ day: dayOf(members.createdAt, input.offsetMinutes), count: sql<number>`count(*)::int` })
      .from(lineClosure)
      .innerJoin(members, eq(members.id, lineClosure.memberId))
      .where(and(inLine(input.agentId), gte(members.createdAt, input.from), lte(members.createdAt, input.to)))
      // By position: an expression with parameters is not matched between the select list and GROUP BY.
      .groupBy(sql`1`)
  );
}

/** The line's main wallets now. */
export async function lineBalance(db: Executor, agentId: bigint): Promise<string> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerAccounts.balanceMinor}), 0)::text` })
    .from(lineClosure)
    .innerJoin(ledgerAccounts, and(eq(ledgerAccounts.memberId, lineClosure.memberId), isMainWallet))
    .where(inLine(agentId));
  return row?.total ?? '0';
}
