import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { betRecords, vendorTransactions } from './vendors.schema.ts';

export type VendorTransactionRow = typeof vendorTransactions.$inferSelect;
export type NewVendorTransaction = typeof vendorTransactions.$inferInsert;
export type BetRecordRow = typeof betRecords.$inferSelect;

// ---- vendor transactions -----------------------------------------------------------------

/**
 * Claims the vendor's transaction id; undefined when it is taken. A concurrent delivery of the
 * same id waits here until the first commits (and then finds it) or rolls back (and claims it).
 */
export async function claimTransaction(
  db: Executor,
  row: NewVendorTransaction,
): Promise<VendorTransactionRow | undefined> {
  const [claimed] = await db
    .insert(vendorTransactions)
    .values(row)
    .onConflictDoNothing({ target: [vendorTransactions.vendorCode, vendorTransactions.transactionId] })
    .returning();
  return claimed;
}

/** The transaction under the vendor's id, locked for the rest of the database transaction. */
export async function findTransactionForUpdate(
  db: Executor,
  vendorCode: string,
  transactionId: string,
): Promise<VendorTransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(vendorTransactions)
    .where(
      and(eq(vendorTransactions.vendorCode, vendorCode), eq(vendorTransactions.transactionId, transactionId)),
    )
    .for('update');
  return row;
}

export async function completeTransaction(
  db: Executor,
  id: bigint,
  fields: Pick<NewVendorTransaction, 'amountMinor' | 'ledgerTransactionId' | 'answer'>,
): Promise<void> {
  await db.update(vendorTransactions).set(fields).where(eq(vendorTransactions.id, id));
}

export async function markRolledBack(db: Executor, id: bigint): Promise<void> {
  await db.update(vendorTransactions).set({ status: 'ROLLED_BACK' }).where(eq(vendorTransactions.id, id));
}

// ---- bet records -------------------------------------------------------------------------

export interface RoundKey {
  vendorCode: string;
  roundId: string;
  memberId: bigint;
}

const roundIs = (key: RoundKey) =>
  and(
    eq(betRecords.vendorCode, key.vendorCode),
    eq(betRecords.roundId, key.roundId),
    eq(betRecords.memberId, key.memberId),
  );

/**
 * Adds a debit's stake to its round, opening the round on its first debit. Undefined when the
 * round exists but is no longer OPEN (the row is then left as it was).
 */
export async function addStake(
  db: Executor,
  key: RoundKey,
  round: { gameCode: string; category: string },
  stakeMinor: bigint,
): Promise<BetRecordRow | undefined> {
  const [row] = await db
    .insert(betRecords)
    .values({ ...key, ...round, stakeMinor, liveDebits: 1 })
    .onConflictDoUpdate({
      target: [betRecords.vendorCode, betRecords.roundId, betRecords.memberId],
      set: {
        stakeMinor: sql`${betRecords.stakeMinor} + ${stakeMinor}`,
        liveDebits: sql`${betRecords.liveDebits} + 1`,
        updatedAt: sql`now()`,
      },
      setWhere: eq(betRecords.status, 'OPEN'),
    })
    .returning();
  return row;
}

export async function findRoundForUpdate(db: Executor, key: RoundKey): Promise<BetRecordRow | undefined> {
  const [row] = await db.select().from(betRecords).where(roundIs(key)).for('update');
  return row;
}

/** A credit: the payout grows and the round is settled, its stake now valid turnover. */
export async function addPayout(db: Executor, key: RoundKey, payoutMinor: bigint): Promise<void> {
  await db
    .update(betRecords)
    .set({
      payoutMinor: sql`${betRecords.payoutMinor} + ${payoutMinor}`,
      validBetMinor: sql`${betRecords.stakeMinor}`,
      status: 'SETTLED',
      settledAt: sql`coalesce(${betRecords.settledAt}, now())`,
      updatedAt: sql`now()`,
    })
    .where(roundIs(key));
}

/** A rollback: the debit's stake leaves the round; with no debit left, the round is CANCELLED. */
export async function removeStake(db: Executor, key: RoundKey, stakeMinor: bigint): Promise<void> {
  await db
    .update(betRecords)
    .set({
      stakeMinor: sql`${betRecords.stakeMinor} - ${stakeMinor}`,
      liveDebits: sql`${betRecords.liveDebits} - 1`,
      status: sql`case when ${betRecords.liveDebits} - 1 = 0 then 'CANCELLED' else ${betRecords.status} end`,
      settledAt: sql`case when ${betRecords.liveDebits} - 1 = 0 then now() else ${betRecords.settledAt} end`,
      updatedAt: sql`now()`,
    })
    .where(roundIs(key));
}
