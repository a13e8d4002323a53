import { and, asc, desc, eq, gt, isNotNull, isNull, lt, ne, or, type SQL } from 'drizzle-orm';
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

export async function findOperatorById(db: Executor, id: bigint): Promise<OperatorRow | undefined> {
  const [row] = await db.select().from(operators).where(eq(operators.id, id));
  return row;
}

/** The operator's row locked until the transaction ends: one account change at a time. */
export async function lockOperator(db: Executor, id: bigint): Promise<OperatorRow | undefined> {
  const [row] = await db.select().from(operators).where(eq(operators.id, id)).for('update');
  return row;
}

/** The active ADMINs, locked: two ADMINs disabling each other cannot both pass the last-ADMIN check. */
export async function lockActiveAdmins(db: Executor): Promise<bigint[]> {
  const rows = await db
    .select({ id: operators.id })
    .from(operators)
    .where(and(eq(operators.role, 'ADMIN'), eq(operators.status, 'ACTIVE')))
    .orderBy(asc(operators.id))
    .for('update');
  return rows.map((row) => row.id);
}

export function listOperators(db: Executor): Promise<OperatorRow[]> {
  return db.select().from(operators).orderBy(asc(operators.id));
}

export async function updateOperator(
  db: Executor,
  id: bigint,
  changes: Partial<
    Pick<
      OperatorRow,
      'passwordHash' | 'status' | 'mustChangePassword' | 'totpSecret' | 'totpEnrolledAt' | 'totpLastTimeStep'
    >
  >,
): Promise<OperatorRow | undefined> {
  const [row] = await db.update(operators).set(changes).where(eq(operators.id, id)).returning();
  return row;
}

/**
 * Records a TOTP time step as used, only if it is later than the last one used: of two logins
 * with the same code, at the same moment or not, one wins (RFC 6238 section 5.2).
 */
export async function acceptTotpTimeStep(db: Executor, id: bigint, timeStep: number): Promise<boolean> {
  const updated = await db
    .update(operators)
    .set({ totpLastTimeStep: timeStep })
    .where(
      and(
        eq(operators.id, id),
        or(isNull(operators.totpLastTimeStep), lt(operators.totpLastTimeStep, timeStep)),
      ),
    )
    .returning({ id: operators.id });
  return updated.length > 0;
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

export type LiveOperator = Pick<
  OperatorRow,
  'id' | 'username' | 'role' | 'mustChangePassword' | 'totpEnrolledAt'
>;

/** The active operator behind a live (unexpired, unrevoked) session. */
export async function findLiveOperatorSession(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<LiveOperator | undefined> {
  const [row] = await db
    .select({
      id: operators.id,
      username: operators.username,
      role: operators.role,
      mustChangePassword: operators.mustChangePassword,
      totpEnrolledAt: operators.totpEnrolledAt,
    })
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

/** Ends the operator's live sessions, all of them or all but the one in use. */
export async function revokeOperatorSessions(
  db: Executor,
  operatorId: bigint,
  exceptTokenHash?: string,
): Promise<void> {
  const conditions = [eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt)];
  if (exceptTokenHash) conditions.push(ne(operatorSessions.tokenHash, exceptTokenHash));
  await db
    .update(operatorSessions)
    .set({ revokedAt: new Date() })
    .where(and(...conditions));
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

/** Every stored TOTP secret (sealed, or in the clear from before sealing), for the start-up pass. */
export async function listTotpSecrets(db: Executor): Promise<{ id: bigint; totpSecret: string }[]> {
  const rows = await db
    .select({ id: operators.id, totpSecret: operators.totpSecret })
    .from(operators)
    .where(isNotNull(operators.totpSecret))
    .orderBy(asc(operators.id));
  return rows.flatMap(({ id, totpSecret }) => (totpSecret === null ? [] : [{ id, totpSecret }]));
}

/**
 * Replaces a stored TOTP secret only if it is still `expected`: an enrolment or reset that came
 * in between is never overwritten with the old secret. Answers whether it was replaced.
 */
export async function replaceTotpSecret(
  db: Executor,
  id: bigint,
  expected: string,
  replacement: string,
): Promise<boolean> {
  const updated = await db
    .update(operators)
    .set({ totpSecret: replacement })
    .where(and(eq(operators.id, id), eq(operators.totpSecret, expected)))
    .returning({ id: operators.id });
  return updated.length > 0;
}
