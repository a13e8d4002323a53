import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { tokenHash } from '../identity/secrets.ts';
import { findLiveOperatorSession } from './operators.store.ts';

export type OperatorRole = 'ADMIN' | 'FINANCE' | 'SUPPORT';

/** Who is acting on an /ops call; `actor` goes into the audit log and ledger postings. */
export interface OperatorCaller {
  /** null for the OPS_TOKEN bootstrap secret, which is no operator account. */
  operatorId: bigint | null;
  /** 'operator:3', or 'ops-token'. */
  actor: string;
  role: OperatorRole;
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

/**
 * Guards of the operator calls (preHandler): an operator session token from
 * POST /ops/session/login, or the OPS_TOKEN bearer secret (an ADMIN, actor 'ops-token', compared
 * in constant time). No valid credentials → 401; a role not in the list → 403.
 */
export function createOperatorGuards(deps: { db: Database; opsToken?: string }) {
  const expectedOpsToken = deps.opsToken ? digest(deps.opsToken) : undefined;

  async function identify(request: FastifyRequest): Promise<OperatorCaller | undefined> {
    const token = bearerTokenOf(request);
    if (!token) return undefined;
    // Hashing evens out the lengths, so the comparison takes the same time for any guess.
    if (expectedOpsToken && timingSafeEqual(digest(token), expectedOpsToken)) {
      return { operatorId: null, actor: 'ops-token', role: 'ADMIN' };
    }
    const found = await findLiveOperatorSession(deps.db, tokenHash(token), new Date());
    if (!found) return undefined;
    return { operatorId: found.id, actor: `operator:${found.id}`, role: found.role as OperatorRole };
  }

  return {
    require(...roles: OperatorRole[]) {
      return async (request: FastifyRequest): Promise<void> => {
        const caller = await identify(request);
        if (!caller) throw new AppError('UNAUTHENTICATED', { message: 'A valid operator token is required' });
        if (!roles.includes(caller.role)) {
          throw new AppError('FORBIDDEN', { message: `This needs the role ${roles.join(' or ')}` });
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
