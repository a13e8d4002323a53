import { and, count, desc, eq, gt, gte, inArray, lte, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { members } from '../identity/identity.schema.ts';
import { ledgerTransactions } from '../ledger/ledger.schema.ts';
import { withdrawalProofs, withdrawalRequests } from './withdrawal.schema.ts';

export type WithdrawalRow = typeof withdrawalRequests.$inferSelect;

/**
 * Locks the member's row: two requests of one member are counted against the daily limit in turn.
 * NO KEY UPDATE, not UPDATE: a foreign-key check on the member (KEY SHARE, e.g. a row updated twice
 * in one transaction) must not wait for it, or such a transaction holding ledger accounts and this
 * one waiting for them deadlock.
 */
export async function lockMember(db: Executor, memberId: bigint): Promise<void> {
  await db.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('no key update');
}

export async function countRequestsSince(db: Executor, memberId: bigint, since: Date): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(withdrawalRequests)
    .where(and(eq(withdrawalRequests.memberId, memberId), gte(withdrawalRequests.createdAt, since)));
  return row?.total ?? 0;
}

export async function insertWithdrawal(
  db: Executor,
  withdrawal: typeof withdrawalRequests.$inferInsert,
): Promise<WithdrawalRow> {
  const [row] = await db.insert(withdrawalRequests).values(withdrawal).returning();
  if (!row) throw new Error('withdrawal not inserted');
  return row;
}

/** The withdrawal whose hold was posted under this ledger idempotency key (a replayed request). */
export async function findByHoldKey(
  db: Executor,
  idempotencyKey: string,
): Promise<WithdrawalRow | undefined> {
  const [row] = await db
    .select({ withdrawal: withdrawalRequests })
    .from(ledgerTransactions)
    .innerJoin(withdrawalRequests, eq(withdrawalRequests.holdTransactionId, ledgerTransactions.id))
    .where(eq(ledgerTransactions.idempotencyKey, idempotencyKey));
  return row?.withdrawal;
}

export async function findByOrderNo(db: Executor, orderNo: string): Promise<WithdrawalRow | undefined> {
  const [row] = await db.select().from(withdrawalRequests).where(eq(withdrawalRequests.orderNo, orderNo));
  return row;
}

export async function findMemberWithdrawal(
  db: Executor,
  memberId: bigint,
  orderNo: string,
): Promise<WithdrawalRow | undefined> {
  const [row] = await db
    .select()
    .from(withdrawalRequests)
    .where(and(eq(withdrawalRequests.orderNo, orderNo), eq(withdrawalRequests.memberId, memberId)));
  return row;
}

export async function pageWithdrawals(
  db: Executor,
  filter: { memberId?: bigint; orderNo?: string; status?: string; page: number; pageSize: number },
): Promise<{ rows: (WithdrawalRow & { username: string })[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.memberId !== undefined) conditions.push(eq(withdrawalRequests.memberId, filter.memberId));
  if (filter.orderNo) conditions.push(eq(withdrawalRequests.orderNo, filter.orderNo));
  if (filter.status) conditions.push(eq(withdrawalRequests.status, filter.status));
  const where = and(...conditions);
  const rows = await db
    .select({ withdrawal: withdrawalRequests, username: members.username })
    .from(withdrawalRequests)
    .innerJoin(members, eq(members.id, withdrawalRequests.memberId))
    .where(where)
    .orderBy(desc(withdrawalRequests.createdAt), desc(withdrawalRequests.orderNo))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  const [total] = await db.select({ total: count() }).from(withdrawalRequests).where(where);
  return {
    rows: rows.map((row) => ({ ...row.withdrawal, username: row.username })),
    total: total?.total ?? 0,
  };
}

/**
 * Moves a withdrawal from one of the expected statuses to the next, with the given changes; it
 * answers undefined when the withdrawal is not in such a status (any more). The condition makes
 * every transition happen once however many operators, members or nodes try it at the same time.
 */
export async function transition(
  db: Executor,
  where: { orderNo: string; from: string[]; memberId?: bigint; confirmByAfter?: Date; confirmByUpTo?: Date },
  changes: Partial<typeof withdrawalRequests.$inferInsert> & { status: string },
): Promise<WithdrawalRow | undefined> {
  const conditions: SQL[] = [
    eq(withdrawalRequests.orderNo, where.orderNo),
    inArray(withdrawalRequests.status, where.from),
  ];
  if (where.memberId !== undefined) conditions.push(eq(withdrawalRequests.memberId, where.memberId));
  if (where.confirmByAfter) conditions.push(gt(withdrawalRequests.confirmBy, where.confirmByAfter));
  if (where.confirmByUpTo) conditions.push(lte(withdrawalRequests.confirmBy, where.confirmByUpTo));
  const [row] = await db
    .update(withdrawalRequests)
    .set(changes)
    .where(and(...conditions))
    .returning();
  return row;
}

/** Paid withdrawals whose confirmation window has closed, oldest first. */
export async function findOverdueConfirmations(db: Executor, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ orderNo: withdrawalRequests.orderNo })
    .from(withdrawalRequests)
    .where(and(eq(withdrawalRequests.status, 'PAID'), lte(withdrawalRequests.confirmBy, now)))
    .orderBy(withdrawalRequests.confirmBy)
    .limit(limit);
  return rows.map((row) => row.orderNo);
}

export async function insertProofs(
  db: Executor,
  proofs: (typeof withdrawalProofs.$inferInsert)[],
): Promise<void> {
  if (proofs.length > 0) await db.insert(withdrawalProofs).values(proofs);
}

export async function proofIdsOf(db: Executor, withdrawalIds: string[]): Promise<Map<string, string[]>> {
  const byWithdrawal = new Map<string, string[]>();
  if (withdrawalIds.length === 0) return byWithdrawal;
  const rows = await db
    .select({ id: withdrawalProofs.id, withdrawalId: withdrawalProofs.withdrawalId })
    .from(withdrawalProofs)
    .where(inArray(withdrawalProofs.withdrawalId, withdrawalIds))
    .orderBy(withdrawalProofs.createdAt);
  for (const row of rows)
    byWithdrawal.set(row.withdrawalId, [...(byWithdrawal.get(row.withdrawalId) ?? []), row.id]);
  return byWithdrawal;
}

export async function findProof(db: Executor, withdrawalId: string, proofId: string) {
  const [row] = await db
    .select()
    .from(withdrawalProofs)
    .where(and(eq(withdrawalProofs.id, proofId), eq(withdrawalProofs.withdrawalId, withdrawalId)));
  return row;
}
