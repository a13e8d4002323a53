import { and, count, desc, eq, gt, gte, inArray, lt, lte, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { ledgerEntries, ledgerTransactions } from '../ledger/ledger.schema.ts';
import type { EntrySelector } from './record-types.ts';

export interface RecordsFilter {
  /** The member's own accounts: the query never reaches beyond them. */
  accountIds: bigint[];
  /** Undefined: every type. */
  selectors?: EntrySelector[];
  from?: Date;
  to?: Date;
  limit: number;
  offset: number;
}

function conditionsOf(filter: RecordsFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [inArray(ledgerEntries.accountId, filter.accountIds)];
  if (filter.from) conditions.push(gte(ledgerEntries.createdAt, filter.from));
  if (filter.to) conditions.push(lte(ledgerEntries.createdAt, filter.to));
  if (filter.selectors) {
    conditions.push(
      or(
        ...filter.selectors.map((selector) =>
          and(
            eq(ledgerTransactions.type, selector.ledgerType),
            selector.sign === 'in' ? gt(ledgerEntries.amountMinor, 0n) : undefined,
            selector.sign === 'out' ? lt(ledgerEntries.amountMinor, 0n) : undefined,
          ),
        ),
      ),
    );
  }
  return and(...conditions);
}

/** One page of entries on the given accounts, newest first, and how many match in all. */
export async function findRecords(db: Executor, filter: RecordsFilter) {
  const where = conditionsOf(filter);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: ledgerEntries.id,
        transactionId: ledgerEntries.transactionId,
        accountId: ledgerEntries.accountId,
        amountMinor: ledgerEntries.amountMinor,
        balanceAfterMinor: ledgerEntries.balanceAfterMinor,
        createdAt: ledgerEntries.createdAt,
        type: ledgerTransactions.type,
        reference: ledgerTransactions.reference,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(where)
      .orderBy(desc(ledgerEntries.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ total: count() })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}
