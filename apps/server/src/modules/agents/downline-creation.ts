import {
  creatableDownlineTypes,
  type DownlineCreateRequestSchema,
  type DownlineDetail,
} from '@fortuna/contracts/agent';
import { CredentialMessages } from '@fortuna/contracts/credentials';
import { isAgentType } from '@fortuna/contracts/member-types';
import type { z } from 'zod';
import type { AuthenticatedMember } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { enforceRateLimit, type RateCounter } from '../../platform/rate-limit.ts';
import type { DownlineAccounts } from '../identity/downline-accounts.ts';

type CreateRequest = z.output<typeof DownlineCreateRequestSchema>;

/** Enough for a busy register centre, few enough that a stolen session cannot flood the line. */
const CREATIONS_PER_AGENT_PER_HOUR = 100;

/** The register centre's account creation (issue 15): a direct downline of the calling agent. */
export function createDownlineCreation(deps: { accounts: DownlineAccounts; counter: RateCounter }) {
  return async (caller: AuthenticatedMember, request: CreateRequest, ip: string): Promise<DownlineDetail> => {
    if (request.password !== request.confirmPassword)
      throw AppError.invalidField('body.confirmPassword', CredentialMessages.confirmationMismatch);
    const allowed = creatableDownlineTypes(caller.type);
    if (!allowed.includes(request.type))
      throw new AppError('FORBIDDEN', {
        message: `An agent of type ${caller.type} may create accounts of type ${allowed.join(', ')} only`,
        issues: [{ field: 'body.type', message: `must be one of ${allowed.join(', ')}` }],
      });
    await enforceRateLimit(
      deps.counter,
      `downline-create:${caller.memberId}`,
      CREATIONS_PER_AGENT_PER_HOUR,
      3_600_000,
    );
    const member = await deps.accounts.create({
      username: request.username,
      password: request.password,
      type: request.type,
      uplineId: caller.memberId,
      ip,
    });
    return {
      id: member.id.toString(),
      username: member.username,
      nickname: member.nickname,
      type: member.type,
      isAgent: isAgentType(member.type),
      level: 1,
      uplineUsername: caller.username,
      status: member.status,
      balanceMinor: '0',
      lastLoginAt: null,
      registeredAt: member.createdAt.toISOString(),
      directCount: 0,
      teamCount: 0,
      mustChangePassword: member.passwordMustChange,
    };
  };
}
