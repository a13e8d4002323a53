import { and, desc, eq, gt, gte, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { contractBillPayments, contractBills } from '../contracts/settlement/settlement.schema.ts';
import { members } from '../identity/identity.schema.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../ledger/ledger.schema.ts';
import { lineClosure } from '../line/line.schema.ts';
import { memberMoneyRollups } from '../rollups/rollups.schema.ts';
import type { EntrySelector } from '../wallet/record-types.ts';

const isMainWallet = and(eq(ledgerAccounts.kind, 'MEMBER_MAIN'), isNull(ledgerAccounts.vendor));

function selected(selectors: EntrySelector[]): SQL | undefined {
  return or(
    ...selectors.map((selector) =>
      and(
        eq(ledgerTransactions.type, selector.ledgerType),
        selector.sign === 'in' ? gt(ledgerEntries.amountMinor, 0n) : undefined,
        selector.sign === 'out' ? lt(ledgerEntries.amountMinor, 0n) : undefined,
      ),
    ),
  );
}

/** The money rollups' rows a selector picks: ledger type, and direction where the type has two. */
function selectedRollups(selectors: EntrySelector[]): SQL | undefined {
  return or(
    ...selectors.map((selector) =>
      and(
        eq(memberMoneyRollups.ledgerType, selector.ledgerType),
        selector.sign ? eq(memberMoneyRollups.direction, selector.sign === 'in' ? 'IN' : 'OUT') : undefined,
      ),
    ),
  );
}

export interface LineMoneyFilter {
  /** Always the agent whose line is read. */
  agentId: bigint;
  /** Whole site hours: `fromHour`..`toHour` are the hour starts, `from`..`to` the instants they cover. */
  from: Date;
  to: Date;
  fromHour: Date;
  toHour: Date;
  /** Which ledger lines: by transaction type and sign. */
  selectors: EntrySelector[];
  username?: string;
}

function lineConditions(filter: LineMoneyFilter): SQL | undefined {
  return and(
    eq(lineClosure.ancestorId, filter.agentId),
    gte(lineClosure.depth, 1),
    gte(ledgerEntries.createdAt, filter.from),
    lte(ledgerEntries.createdAt, filter.to),
    selected(filter.selectors),
    filter.username ? eq(members.username, filter.username) : undefined,
  );
}

/**
 * The main-wallet lines of the agent's line (account details of downlines), newest first, paged
 * from the ledger; and per ledger type and sign over all that match, summed from the members'
 * money rollups (ADR 035), never the ledger's lines. Only main wallets: a move between a member's own
 * main and transfer wallets shows once, as in its account records.
 */
export async function findLineMoney(
  db: Executor,
  filter: LineMoneyFilter,
  page: { limit: number; offset: number },
) {
  const where = lineConditions(filter);
  const [rows, groups] = await Promise.all([
    db
      .select({
        id: ledgerEntries.id,
        transactionId: ledgerEntries.transactionId,
        amountMinor: ledgerEntries.amountMinor,
        balanceAfterMinor: ledgerEntries.balanceAfterMinor,
        createdAt: ledgerEntries.createdAt,
        type: ledgerTransactions.type,
        username: members.username,
        level: lineClosure.depth,
      })
      .from(lineClosure)
      .innerJoin(members, eq(members.id, lineClosure.memberId))
      .innerJoin(ledgerAccounts, and(eq(ledgerAccounts.memberId, lineClosure.memberId), isMainWallet))
      .innerJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(where)
      .orderBy(desc(ledgerEntries.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({
        type: memberMoneyRollups.ledgerType,
        sign: sql<number>`case when ${memberMoneyRollups.direction} = 'IN' then 1 else -1 end`,
        count: sql<number>`sum(${memberMoneyRollups.entryCount})::int`,
        amountMinor: sql<string>`sum(${memberMoneyRollups.amountMinor})::text`,
      })
      .from(lineClosure)
      .innerJoin(members, eq(members.id, lineClosure.memberId))
      .innerJoin(memberMoneyRollups, eq(memberMoneyRollups.memberId, lineClosure.memberId))
      .where(
        and(
          eq(lineClosure.ancestorId, filter.agentId),
          gte(lineClosure.depth, 1),
          gte(memberMoneyRollups.hourStart, filter.fromHour),
          lte(memberMoneyRollups.hourStart, filter.toHour),
          selectedRollups(filter.selectors),
          filter.username ? eq(members.username, filter.username) : undefined,
        ),
      )
      .groupBy(memberMoneyRollups.ledgerType, memberMoneyRollups.direction),
  ]);
  return { rows, groups };
}

/**
 * Credits on the agent's own main wallet that came from others, summed per period of the site's
 * clock (`offsetMinutes` east of UTC; `format` 'YYYY-MM-DD' or 'YYYY-MM') and kind: BONUS,
 * TRANSFER whose other side is another member's wallet (a move from its own transfer wallet is not
 * income), and contract payments (SALARY, DIVIDEND), whose kind is their bill's contract type.
 */
export async function sumIncome(
  db: Executor,
  input: { agentId: bigint; from: Date; to: Date; offsetMinutes: number; format: 'YYYY-MM-DD' | 'YYYY-MM' },
) {
  const period = sql<string>`to_char((${ledgerEntries.createdAt} at time zone 'UTC') + make_interval(mins => ${input.offsetMinutes}::int), ${input.format})`;
  const fromAnotherMember = sql`exists (
    select 1 from ${ledgerEntries} as other
      join ${ledgerAccounts} as other_account on other_account.id = other.account_id
     where other.transaction_id = ${ledgerEntries.transactionId}
       and other_account.member_id is not null
       and other_account.member_id <> ${input.agentId})`;
  return (
    db
      .select({
        period,
        /** The ledger type, or a contract payment's contract type (DAILY_SALARY … DIVIDEND). */
        kind: sql<string>`coalesce(${contractBills.contractType}, ${ledgerTransactions.type})`,
        count: sql<number>`count(*)::int`,
        amountMinor: sql<string>`sum(${ledgerEntries.amountMinor})::text`,
      })
      .from(ledgerAccounts)
      .innerJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .leftJoin(contractBillPayments, eq(contractBillPayments.ledgerTransactionId, ledgerTransactions.id))
      .leftJoin(contractBills, eq(contractBills.id, contractBillPayments.billId))
      .where(
        and(
          eq(ledgerAccounts.memberId, input.agentId),
          isMainWallet,
          gt(ledgerEntries.amountMinor, 0n),
          gte(ledgerEntries.createdAt, input.from),
          lte(ledgerEntries.createdAt, input.to),
          or(
            inArray(ledgerTransactions.type, ['BONUS', 'SALARY', 'DIVIDEND']),
            and(eq(ledgerTransactions.type, 'TRANSFER'), fromAnotherMember),
          ),
        ),
      )
      // By position: the period's expression carries parameters, which PostgreSQL would not match
      // between the select list and a repeated GROUP BY.
      .groupBy(sql`1`, sql`2`)
      .orderBy(sql`1 desc`, sql`2`)
  );
}
