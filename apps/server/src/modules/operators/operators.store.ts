import { and, desc, eq, gt, isNull, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { auditLog, operatorSessions, operators } from './operators.schema.ts';

export type OperatorRow = typeof operators.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;

export async function findOperatorByUsername(
  db: Executor,
  username: string,
): Promise<OperatorRow | undefined> {
  const [row] = await db.select().from(operators).where(eq(operators.username, username));
  return row;
}

/** Inserts an operator; undefined when the username is taken. */
export async function insertOperator(
  db: Executor,
  operator: typeof operators.$inferInsert,
): Promise<OperatorRow | undefined> {
  const [row] = await db.insert(operators).values(operator).onConflictDoNothing().returning();
  return row;
}

export async function insertOperatorSession(
  db: Executor,
  session: typeof operatorSessions.$inferInsert,
): Promise<void> {
  await db.insert(operatorSessions).values(session);
}

/** The active operator behind a live (unexpired, unrevoked) session. */
export async function findLiveOperatorSession(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<Pick<OperatorRow, 'id' | 'role'> | undefined> {
  const [row] = await db
    .select({ id: operators.id, role: operators.role })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(
      and(
        eq(operatorSessions.tokenHash, tokenHash),
        isNull(operatorSessions.revokedAt),
        gt(operatorSessions.expiresAt, now),
        eq(operators.status, 'ACTIVE'),
      ),
    );
  return row;
}

export async function revokeOperatorSession(db: Executor, tokenHash: string): Promise<void> {
  await db
    .update(operatorSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(operatorSessions.tokenHash, tokenHash), isNull(operatorSessions.revokedAt)));
}

export async function insertAuditEntry(db: Executor, entry: typeof auditLog.$inferInsert): Promise<void> {
  await db.insert(auditLog).values(entry);
}

export async function findAuditEntries(
  db: Executor,
  filter: { targetType?: string; targetId?: string; limit: number },
): Promise<AuditRow[]> {
  const conditions: SQL[] = [];
  if (filter.targetType) conditions.push(eq(auditLog.targetType, filter.targetType));
  if (filter.targetId) conditions.push(eq(auditLog.targetId, filter.targetId));
  return db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(filter.limit);
}
