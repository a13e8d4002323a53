import { and, asc, count, eq, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { members } from '../identity/identity.schema.ts';
import { betRecords } from './vendors.schema.ts';

const roundColumns = { record: betRecords, username: members.username };
export type OpsRoundRow = { record: typeof betRecords.$inferSelect; username: string };

/**
 * From when a round's age counts: its opening, or for a long-open round (ADR 044) the later
 * instant its vendor said it will settle, so that a ticket waiting for its draw is not "old".
 */
export const roundDueAt = sql<Date>`greatest(${betRecords.openedAt}, coalesce(${betRecords.settlesAt}, ${betRecords.openedAt}))`;

/** The instant a round's age counts from, as `roundDueAt` computes it in the database. */
export const dueAtOf = (record: { openedAt: Date; settlesAt: Date | null }) =>
  record.settlesAt && record.settlesAt > record.openedAt ? record.settlesAt : record.openedAt;

/** Rounds still OPEN that were due at or before `openedBefore`, oldest first, and how many in all. */
export async function findOpenRounds(
  db: Executor,
  filter: { openedBefore: Date; vendorCode?: string },
  page: { limit: number; offset: number },
): Promise<{ rows: OpsRoundRow[]; total: number }> {
  const where = and(
    eq(betRecords.status, 'OPEN'),
    lte(betRecords.openedAt, filter.openedBefore),
    lte(roundDueAt, filter.openedBefore),
    filter.vendorCode ? eq(betRecords.vendorCode, filter.vendorCode) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select(roundColumns)
      .from(betRecords)
      .innerJoin(members, eq(members.id, betRecords.memberId))
      .where(where)
      .orderBy(asc(betRecords.openedAt), asc(betRecords.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(betRecords).where(where),
  ]);
  return { rows, total: Number(counted?.total ?? 0) };
}

/**
 * The round, its row locked for the rest of the transaction: a vendor's debit, credit or rollback
 * of it waits until the operator's decision is committed, and then sees it.
 */
export async function findRoundByIdForUpdate(tx: Executor, id: bigint): Promise<OpsRoundRow | undefined> {
  const [row] = await tx
    .select(roundColumns)
    .from(betRecords)
    .innerJoin(members, eq(members.id, betRecords.memberId))
    .where(eq(betRecords.id, id))
    .for('update', { of: betRecords });
  return row;
}

/** The refunded round: CANCELLED, no stake or debit left in play (as after the vendor's own rollbacks). */
export async function cancelRefundedRound(tx: Executor, id: bigint, at: Date) {
  const [row] = await tx
    .update(betRecords)
    .set({
      status: 'CANCELLED',
      stakeMinor: 0n,
      bonusStakeMinor: 0n,
      liveDebits: 0,
      settledAt: at,
      updatedAt: at,
    })
    .where(and(eq(betRecords.id, id), eq(betRecords.status, 'OPEN')))
    .returning();
  return row;
}
