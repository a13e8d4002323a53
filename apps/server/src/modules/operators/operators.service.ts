import type {
  AuditEntry,
  CreateOperatorRequestSchema,
  Operator,
  OperatorRoleName,
  OperatorSession,
} from '@fortuna/contracts/operators';
import type { z } from 'zod';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { CaptchaCheck } from '../../platform/failure-throttle.ts';
import type { RateCounter } from '../../platform/rate-limit.ts';
import type { SecretKeyring } from '../../platform/secret-box.ts';
import { createOperatorAdministration } from './operator-administration.ts';
import { createOperatorAccount } from './operator-creation.ts';
import { createOperatorCredentials } from './operator-credentials.ts';
import type { OperatorCaller } from './operator-guards.ts';
import { createOperatorLogin } from './operator-login.ts';
import { operatorView, setupRequiredOf } from './operator-view.ts';
import * as store from './operators.store.ts';

/**
 * Operator accounts: login (password, then the authenticator code once one is enrolled; a captcha
 * once failures demand it) and logout, creation by an ADMIN, the operator's own credentials, an
 * ADMIN's actions on other accounts, and reading the audit log.
 */
export function createOperatorsService(deps: {
  db: Database;
  counter: RateCounter;
  /** The verification module's captcha, demanded by the login throttle. */
  captcha: CaptchaCheck;
  /** Seals and opens the operators' authenticator secrets (ADR 027). */
  secrets: SecretKeyring;
}) {
  const { db } = deps;

  return {
    ...createOperatorLogin(deps),

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

    create: (request: z.output<typeof CreateOperatorRequestSchema>, by: Pick<OperatorCaller, 'actor'>) =>
      createOperatorAccount(db, request, by),

    async list(): Promise<Operator[]> {
      return (await store.listOperators(db)).map(operatorView);
    },

    ...createOperatorCredentials({ db, secrets: deps.secrets }),
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
