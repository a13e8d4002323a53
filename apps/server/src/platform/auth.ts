import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/** Who is calling, as found from the bearer session token; the member's own row travels along. */
export interface AuthenticatedMember {
  memberId: bigint;
  /** SHA-256 of the session token: the session being used, for logout and password rotation. */
  sessionTokenHash: string;
  username: string;
  nickname: string;
  type: number;
  isAgent: boolean;
  isTrial: boolean;
  dialingCode: string | null;
  mobileNum: string | null;
  email: string | null;
  language: string;
  firstTimeLogin: boolean;
  createdAt: Date;
  lastLoginAt: Date | null;
}

export type SessionLookup = (token: string, ip: string) => Promise<AuthenticatedMember | null>;

declare module 'fastify' {
  interface FastifyRequest {
    member?: AuthenticatedMember;
  }
}

// Opaque tokens are 43 base64url characters; anything else is not worth a database round trip.
const BEARER = /^Bearer ([A-Za-z0-9_-]{20,100})$/;

/** The opaque session token of the Authorization header, when it has the shape of one. */
export function bearerTokenOf(request: FastifyRequest): string | undefined {
  return BEARER.exec(request.headers.authorization ?? '')?.[1];
}

/**
 * Route guards checked on the server for every call that needs a session: a missing, unknown,
 * expired or revoked token is 401; a trial account is 403 where a real one is needed. Routes use
 * them as `onRequest` hooks, so an anonymous caller is refused before its body is read or
 * validated: it costs no memory and learns nothing about the fields.
 */
export function createAuthGuards(lookup: SessionLookup) {
  async function member(request: FastifyRequest): Promise<void> {
    const token = bearerTokenOf(request);
    const found = token ? await lookup(token, request.ip) : null;
    if (!found) throw new AppError('UNAUTHENTICATED');
    request.member = found;
  }

  /** Spec 6: trial users may log in but not launch or favourite games. */
  async function realMember(request: FastifyRequest): Promise<void> {
    await member(request);
    if (request.member?.isTrial) throw new AppError('TRIAL_NOT_ALLOWED');
  }

  /** The agent centre (issue 15): a member who is not an agent (trial accounts included) is 403. */
  async function agent(request: FastifyRequest): Promise<void> {
    await member(request);
    if (!request.member?.isAgent) throw new AppError('FORBIDDEN', { message: 'Only agents may do this' });
  }

  /** Calls open to visitors that still want to know a logged-in caller (feedback's sender). */
  async function optionalMember(request: FastifyRequest): Promise<void> {
    const token = bearerTokenOf(request);
    const found = token ? await lookup(token, request.ip) : null;
    if (found) request.member = found;
  }

  return { member, realMember, agent, optionalMember };
}
export type AuthGuards = ReturnType<typeof createAuthGuards>;

/** The caller of a guarded route; the guard has already refused anyone else. */
export function callerOf(request: FastifyRequest): AuthenticatedMember {
  if (!request.member) throw new AppError('UNAUTHENTICATED');
  return request.member;
}
