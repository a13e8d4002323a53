import { and, eq, gte, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { members } from '../identity/identity.schema.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../ledger/ledger.schema.ts';
import { lineClosure } from '../line/line.schema.ts';
import { betRecords } from '../vendors/vendors.schema.ts';

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

/** Main-wallet lines of the line in the period, summed per site day, ledger type and sign. */
export function moneyByDay(db: Executor, input: OverviewInput) {
  return db
    .select({
      day: dayOf(sql`${ledgerEntries.createdAt}`, input.offsetMinutes),
      type: ledgerTransactions.type,
      sign: sql<number>`sign(${ledgerEntries.amountMinor})::int`,
      amountMinor: sql<string>`sum(${ledgerEntries.amountMinor})::text`,
    })
    .from(lineClosure)
    .innerJoin(ledgerAccounts, and(eq(ledgerAccounts.memberId, lineClosure.memberId), isMainWallet))
    .innerJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        inLine(input.agentId),
        gte(ledgerEntries.createdAt, input.from),
        lte(ledgerEntries.createdAt, input.to),
      ),
    )
    .groupBy(sql`1`, sql`2`, sql`3`);
}

const settledIn = (input: OverviewInput) =>
  and(
    inLine(input.agentId),
    eq(betRecords.status, 'SETTLED'),
    gte(betRecords.settledAt, input.from),
    lte(betRecords.settledAt, input.to),
  );

/** The line's rounds settled in the period, per site day of settlement. */
export function betsByDay(db: Executor, input: OverviewInput) {
  return db
    .select({
      day: dayOf(sql`${betRecords.settledAt}`, input.offsetMinutes),
      rounds: sql<number>`count(*)::int`,
      stakeMinor: sql<string>`sum(${betRecords.stakeMinor})::text`,
      validBetMinor: sql<string>`sum(${betRecords.validBetMinor})::text`,
      payoutMinor: sql<string>`sum(${betRecords.payoutMinor})::text`,
      profitMinor: sql<string>`sum(${betRecords.payoutMinor} - ${betRecords.stakeMinor})::text`,
    })
    .from(lineClosure)
    .innerJoin(betRecords, eq(betRecords.memberId, lineClosure.memberId))
    .where(settledIn(input))
    .groupBy(sql`1`);
}

/** Members of the line with a round settled in the period. */
export async function activeMembers(db: Executor, input: OverviewInput): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(distinct ${betRecords.memberId})::int` })
    .from(lineClosure)
    .innerJoin(betRecords, eq(betRecords.memberId, lineClosure.memberId))
    .where(settledIn(input));
  return row?.count ?? 0;
}
