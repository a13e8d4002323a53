import type {
  AuditEntry,
  CreateOperatorRequestSchema,
  Operator,
  OperatorLoginRequestSchema,
  OperatorLoginValue,
  OperatorRoleName,
  OperatorSession,
} from '@fortuna/contracts/operators';
import type { z } from 'zod';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { RateCounter } from '../../platform/rate-limit.ts';
import { hashPassword, verifyPassword } from '../identity/password-hashing.ts';
import { newOpaqueToken, tokenHash } from '../identity/secrets.ts';
import { recordAudit } from './audit.ts';
import { createOperatorAdministration } from './operator-administration.ts';
import { createOperatorCredentials } from './operator-credentials.ts';
import type { OperatorCaller } from './operator-guards.ts';
import { createOperatorLoginThrottle } from './operator-login-throttle.ts';
import { enforceOperatorPassword } from './operator-password.ts';
import { operatorView, setupRequiredOf } from './operator-view.ts';
import * as store from './operators.store.ts';
import { acceptableTimeStep } from './totp.ts';

/** An operator's working day: sessions end after 8 hours whatever happens. */
export const OPERATOR_SESSION_HOURS = 8;

/**
 * Operator accounts: login (password, then the authenticator code once one is enrolled) and
 * logout, creation by an ADMIN, the operator's own credentials, an ADMIN's actions on other
 * accounts, and reading the audit log.
 */
export function createOperatorsService(deps: { db: Database; counter: RateCounter }) {
  const { db } = deps;
  const throttle = createOperatorLoginThrottle(deps.counter);

  /** The second factor of a login: a fresh code of the enrolled authenticator, never one used before. */
  async function checkTotp(
    operator: store.OperatorRow,
    code: string | undefined,
    ip: string,
    username: string,
  ): Promise<void> {
    if (!operator.totpEnrolledAt || !operator.totpSecret) return;
    if (!code) {
      throw new AppError('TOTP_REQUIRED', {
        issues: [{ field: 'body.totpCode', message: 'the code of your authenticator app is required' }],
      });
    }
    const timeStep = await acceptableTimeStep(operator.totpSecret, code, operator.totpLastTimeStep);
    if (timeStep === undefined || !(await store.acceptTotpTimeStep(db, operator.id, timeStep))) {
      await throttle.failed(ip, username);
      throw new AppError('TOTP_CODE_INVALID');
    }
  }

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
      await checkTotp(operator, request.totpCode, ip, request.username);
      await throttle.succeeded(ip, request.username);
      const token = newOpaqueToken();
      const expiresAt = new Date(Date.now() + OPERATOR_SESSION_HOURS * 3_600_000);
      await db.transaction(async (tx) => {
        await store.insertOperatorSession(tx, {
          tokenHash: tokenHash(token),
          operatorId: operator.id,
          expiresAt,
        });
        await recordAudit(tx, {
          actor: `operator:${operator.id}`,
          action: 'operator.login',
          targetType: 'operator',
          targetId: operator.id.toString(),
          details: { ip },
        });
      });
      return {
        token,
        role: operator.role as OperatorRoleName,
        expiresAt: expiresAt.toISOString(),
        setupRequired: setupRequiredOf(operator),
      };
    },

    /** Ends the session of this token; the OPS_TOKEN secret has no session and is left alone. */
    logout: (token: string) => store.revokeOperatorSession(db, tokenHash(token)),

    async session(caller: OperatorCaller & { operatorId: bigint }): Promise<OperatorSession> {
      const row = await store.findOperatorById(db, caller.operatorId);
      if (!row) throw new AppError('UNAUTHENTICATED');
      return {
        operatorId: row.id.toString(),
        username: row.username,
        role: row.role as OperatorRoleName,
        setupRequired: setupRequiredOf(row),
      };
    },

    /** A new operator, whose password was chosen by someone else: changed at first login. */
    async create(
      request: z.output<typeof CreateOperatorRequestSchema>,
      by: Pick<OperatorCaller, 'actor'>,
    ): Promise<Operator> {
      enforceOperatorPassword(request.password, request.username, 'body.password');
      const passwordHash = await hashPassword(request.password);
      return db.transaction(async (tx) => {
        const row = await store.insertOperator(tx, {
          username: request.username,
          passwordHash,
          role: request.role,
          mustChangePassword: true,
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

    async list(): Promise<Operator[]> {
      return (await store.listOperators(db)).map(operatorView);
    },

    ...createOperatorCredentials({ db }),
    ...createOperatorAdministration({ db }),

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
