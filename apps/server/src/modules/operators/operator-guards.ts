import { createHash, timingSafeEqual } from 'node:crypto';
import type { OperatorSetupStep } from '@fortuna/contracts/operators';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { tokenHash } from '../identity/secrets.ts';
import { recordAudit } from './audit.ts';
import { setupRequiredOf } from './operator-view.ts';
import { findLiveOperatorSession } from './operators.store.ts';

export type OperatorRole = 'ADMIN' | 'FINANCE' | 'SUPPORT';

/** Who is acting on an /ops call; `actor` goes into the audit log and ledger postings. */
export interface OperatorCaller {
  /** null for the OPS_TOKEN break-glass secret, which is no operator account. */
  operatorId: bigint | null;
  /** 'operator:3', or 'ops-token'. */
  actor: string;
  role: OperatorRole;
  /** First-login steps still due; the OPS_TOKEN has none. */
  setupRequired: OperatorSetupStep[];
}

declare module 'fastify' {
  interface FastifyRequest {
    operator?: OperatorCaller;
  }
}

const BEARER = /^Bearer (\S{1,200})$/;
const digest = (value: string) => createHash('sha256').update(value).digest();

/** The bearer token of a request, if it carries one. */
export function bearerTokenOf(request: FastifyRequest): string | undefined {
  return BEARER.exec(request.headers.authorization ?? '')?.[1];
}

/** The actor of every call made with the OPS_TOKEN break-glass secret. */
export const OPS_TOKEN_ACTOR = 'ops-token';

/**
 * Guards of the operator calls (`onRequest` hooks: they run before the body is read): an operator
 * session token from POST /ops/session/login, or the OPS_TOKEN break-glass secret (an ADMIN, actor
 * 'ops-token', compared in constant time, every use audited). No valid credentials → 401;
 * first-login steps due → 403 OPERATOR_SETUP_REQUIRED; a role not in the list → 403 FORBIDDEN.
 */
export function createOperatorGuards(deps: { db: Database; opsToken?: string }) {
  const expectedOpsToken = deps.opsToken ? digest(deps.opsToken) : undefined;

  async function identify(request: FastifyRequest): Promise<OperatorCaller> {
    const token = bearerTokenOf(request);
    if (token) {
      // Hashing evens out the lengths, so the comparison takes the same time for any guess.
      if (expectedOpsToken && timingSafeEqual(digest(token), expectedOpsToken)) {
        await auditOpsTokenUse(request);
        return { operatorId: null, actor: OPS_TOKEN_ACTOR, role: 'ADMIN', setupRequired: [] };
      }
      const found = await findLiveOperatorSession(deps.db, tokenHash(token), new Date());
      if (found) {
        return {
          operatorId: found.id,
          actor: `operator:${found.id}`,
          role: found.role as OperatorRole,
          setupRequired: setupRequiredOf(found),
        };
      }
    }
    throw new AppError('UNAUTHENTICATED', { message: 'A valid operator token is required' });
  }

  // The break-glass secret is no person: the trail says which call it made, when and from where.
  function auditOpsTokenUse(request: FastifyRequest): Promise<void> {
    return recordAudit(deps.db, {
      actor: OPS_TOKEN_ACTOR,
      action: 'ops-token.call',
      targetType: 'route',
      targetId: `${request.method} ${request.routeOptions.url ?? request.url}`,
      details: { ip: request.ip },
    });
  }

  return {
    /** A call of these roles, for an operator whose first-login steps are done (or the OPS_TOKEN). */
    require(...roles: OperatorRole[]) {
      return async (request: FastifyRequest): Promise<void> => {
        const caller = await identify(request);
        if (caller.setupRequired.length > 0) {
          throw new AppError('OPERATOR_SETUP_REQUIRED', {
            message: `First ${caller.setupRequired.join(' and ')} (see GET /ops/session)`,
            details: { setupRequired: caller.setupRequired },
          });
        }
        if (!roles.includes(caller.role)) {
          throw new AppError('FORBIDDEN', { message: `This needs the role ${roles.join(' or ')}` });
        }
        request.operator = caller;
      };
    },

    /** A call of the operator's own session that first-login steps do not hold back (logout). */
    anyCaller() {
      return async (request: FastifyRequest): Promise<void> => {
        request.operator = await identify(request);
      };
    },

    /** A call about the operator's own account (password, authenticator): not for the OPS_TOKEN. */
    ownAccount() {
      return async (request: FastifyRequest): Promise<void> => {
        const caller = await identify(request);
        if (caller.operatorId === null) {
          throw new AppError('FORBIDDEN', { message: 'The OPS_TOKEN is no operator account' });
        }
        request.operator = caller;
      };
    },
  };
}
export type OperatorGuards = ReturnType<typeof createOperatorGuards>;

/** The operator of a guarded call; the guard has already refused anyone else. */
export function operatorOf(request: FastifyRequest): OperatorCaller {
  if (!request.operator)
    throw new AppError('UNAUTHENTICATED', { message: 'A valid operator token is required' });
  return request.operator;
}

/** The operator account of an ownAccount() call. */
export function accountOf(request: FastifyRequest): OperatorCaller & { operatorId: bigint } {
  const caller = operatorOf(request);
  if (caller.operatorId === null)
    throw new AppError('FORBIDDEN', { message: 'The OPS_TOKEN is no operator account' });
  return { ...caller, operatorId: caller.operatorId };
}
