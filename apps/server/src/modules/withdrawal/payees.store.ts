import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { members } from '../identity/identity.schema.ts';
import { payeeAccounts } from '../wallet/wallet.schema.ts';

export type PayeeRow = typeof payeeAccounts.$inferSelect;

export async function listLivePayees(db: Executor, memberId: bigint): Promise<PayeeRow[]> {
  return db
    .select()
    .from(payeeAccounts)
    .where(and(eq(payeeAccounts.memberId, memberId), isNull(payeeAccounts.removedAt)))
    .orderBy(asc(payeeAccounts.id));
}

export async function countLivePayees(db: Executor, memberId: bigint): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(payeeAccounts)
    .where(and(eq(payeeAccounts.memberId, memberId), isNull(payeeAccounts.removedAt)));
  return row?.total ?? 0;
}

/** The member's own live payee account; another member's, or a removed one, is not found. */
export async function findLivePayee(
  db: Executor,
  memberId: bigint,
  id: bigint,
): Promise<PayeeRow | undefined> {
  const [row] = await db
    .select()
    .from(payeeAccounts)
    .where(
      and(eq(payeeAccounts.id, id), eq(payeeAccounts.memberId, memberId), isNull(payeeAccounts.removedAt)),
    );
  return row;
}

/** Any payee account by id, removed or not: a withdrawal shows where it was paid. */
export async function findPayeeById(db: Executor, id: bigint): Promise<PayeeRow | undefined> {
  const [row] = await db.select().from(payeeAccounts).where(eq(payeeAccounts.id, id));
  return row;
}

/** Inserts a payee account; undefined when the member already has this live account. */
export async function insertPayee(
  db: Executor,
  payee: typeof payeeAccounts.$inferInsert,
): Promise<PayeeRow | undefined> {
  const [row] = await db.insert(payeeAccounts).values(payee).onConflictDoNothing().returning();
  return row;
}

export async function removePayee(db: Executor, memberId: bigint, id: bigint): Promise<boolean> {
  const rows = await db
    .update(payeeAccounts)
    .set({ removedAt: new Date() })
    .where(
      and(eq(payeeAccounts.id, id), eq(payeeAccounts.memberId, memberId), isNull(payeeAccounts.removedAt)),
    )
    .returning({ id: payeeAccounts.id });
  return rows.length > 0;
}

/** Locks the member's row for the rest of the transaction and answers its payee name. */
export async function lockMemberForPayees(
  db: Executor,
  memberId: bigint,
): Promise<{ payeeName: string | null }> {
  const [row] = await db
    .select({ payeeName: members.payeeName })
    .from(members)
    .where(eq(members.id, memberId))
    // Not UPDATE: foreign-key checks on the member must not wait (withdrawal.store.ts lockMember).
    .for('no key update');
  if (!row) throw new Error(`member ${memberId} vanished`);
  return row;
}

export async function findPayeeName(db: Executor, memberId: bigint): Promise<string | null> {
  const [row] = await db
    .select({ payeeName: members.payeeName })
    .from(members)
    .where(eq(members.id, memberId));
  return row?.payeeName ?? null;
}

/** Sets the payee name once: a name already there is never replaced here. */
export async function setPayeeNameIfUnset(db: Executor, memberId: bigint, payeeName: string): Promise<void> {
  await db
    .update(members)
    .set({ payeeName })
    .where(and(eq(members.id, memberId), sql`${members.payeeName} is null`));
}

export async function findPayeesByIds(db: Executor, ids: bigint[]): Promise<Map<bigint, PayeeRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(payeeAccounts).where(inArray(payeeAccounts.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}
