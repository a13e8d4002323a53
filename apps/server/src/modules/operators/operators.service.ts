import type {
  AuditEntry,
  CreateOperatorRequestSchema,
  Operator,
  OperatorLoginRequestSchema,
  OperatorLoginValue,
  OperatorRoleName,
} from '@fortuna/contracts/operators';
import type { z } from 'zod';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { RateCounter } from '../../platform/rate-limit.ts';
import { hashPassword, verifyPassword } from '../identity/password-hashing.ts';
import { newOpaqueToken, tokenHash } from '../identity/secrets.ts';
import { recordAudit } from './audit.ts';
import type { OperatorCaller } from './operator-guards.ts';
import { createOperatorLoginThrottle } from './operator-login-throttle.ts';
import * as store from './operators.store.ts';

/** An operator's working day: sessions end after 8 hours whatever happens. */
export const OPERATOR_SESSION_HOURS = 8;

function operatorView(row: store.OperatorRow): Operator {
  return {
    id: row.id.toString(),
    username: row.username,
    role: row.role as OperatorRoleName,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Operator accounts: login and logout, creation by an ADMIN, and reading the audit log. */
export function createOperatorsService(deps: { db: Database; counter: RateCounter }) {
  const { db } = deps;
  const throttle = createOperatorLoginThrottle(deps.counter);

  return {
    /** The same answer (LOGIN_FAILED) for an unknown username, a wrong password and a disabled account. */
    async login(
      request: z.output<typeof OperatorLoginRequestSchema>,
      ip: string,
    ): Promise<OperatorLoginValue> {
      await throttle.admit(ip, request.username);
      const operator = await store.findOperatorByUsername(db, request.username);
      const matches = await verifyPassword(operator?.passwordHash, request.password);
      if (!operator || !matches || operator.status !== 'ACTIVE') {
        await throttle.failed(ip, request.username);
        throw new AppError('LOGIN_FAILED');
      }
      await throttle.succeeded(ip, request.username);
      const token = newOpaqueToken();
      const expiresAt = new Date(Date.now() + OPERATOR_SESSION_HOURS * 3_600_000);
      await store.insertOperatorSession(db, {
        tokenHash: tokenHash(token),
        operatorId: operator.id,
        expiresAt,
      });
      return { token, role: operator.role as OperatorRoleName, expiresAt: expiresAt.toISOString() };
    },

    /** Ends the session of this token; the OPS_TOKEN secret has no session and is left alone. */
    logout: (token: string) => store.revokeOperatorSession(db, tokenHash(token)),

    async create(
      request: z.output<typeof CreateOperatorRequestSchema>,
      by: OperatorCaller,
    ): Promise<Operator> {
      const passwordHash = await hashPassword(request.password);
      return db.transaction(async (tx) => {
        const row = await store.insertOperator(tx, {
          username: request.username,
          passwordHash,
          role: request.role,
        });
        if (!row)
          throw new AppError('USERNAME_TAKEN', { issues: [{ field: 'body.username', message: 'taken' }] });
        await recordAudit(tx, {
          actor: by.actor,
          action: 'operator.create',
          targetType: 'operator',
          targetId: row.id.toString(),
          details: { username: row.username, role: row.role },
        });
        return operatorView(row);
      });
    },

    async auditEntries(filter: {
      targetType?: string;
      targetId?: string;
      limit: number;
    }): Promise<AuditEntry[]> {
      const rows = await store.findAuditEntries(db, filter);
      return rows.map((row) => ({
        id: row.id.toString(),
        actor: row.actor,
        action: row.action,
        targetType: row.targetType,
        targetId: row.targetId,
        details: row.details,
        createdAt: row.createdAt.toISOString(),
      }));
    },
  };
}
export type OperatorsService = ReturnType<typeof createOperatorsService>;
