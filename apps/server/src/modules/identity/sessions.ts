import { isAgentType, isTrialType } from '@fortuna/contracts/member-types';
import type { AuthenticatedMember } from '../../platform/auth.ts';
import { afterCommit } from '../../platform/db/after-commit.ts';
import type { Database, Executor } from '../../platform/db/database.ts';
import type { SessionsEnded } from './identity.deps.ts';
import * as store from './identity.store.ts';
import { newOpaqueToken, tokenHash } from './secrets.ts';

export type SessionKind = 'PASSWORD' | 'SMS' | 'SOCIAL' | 'FREEPLAY' | 'REGISTER' | 'RESET';

export interface SessionPolicy {
  idleMinutes: number;
  maxHours: number;
}

// A trial session is a look around, not a home: it ends sooner than a member's.
const TRIAL_MAX_HOURS = 2;
// last_seen_at is written at most once a minute per session: idle expiry needs minutes, not
// milliseconds, and a write on every call would halve the throughput of authenticated reads.
const TOUCH_EVERY_MS = 60_000;

type LiveSessionRow = NonNullable<Awaited<ReturnType<ReturnType<typeof store.prepareLiveSessionLookup>>>>;

export function createSessions(db: Database, policy: SessionPolicy, sessionsEnded: SessionsEnded = () => {}) {
  const findLiveSession = store.prepareLiveSessionLookup(db);
  const findLiveSessionWithBalance = store.prepareLiveSessionWithMainBalanceLookup(db);
  const findLiveSessionWithUnread = store.prepareLiveSessionWithUnreadCountLookup(db);

  /** The caller of a live session; restarts its idle clock (written at most once a minute). */
  async function callerOf(member: LiveSessionRow, hash: string): Promise<AuthenticatedMember> {
    if (Date.now() - member.lastSeenAt.getTime() > TOUCH_EVERY_MS) await store.touchSession(db, hash);
    return {
      memberId: member.id,
      sessionTokenHash: hash,
      username: member.username,
      nickname: member.nickname,
      type: member.type,
      isAgent: isAgentType(member.type),
      isTrial: isTrialType(member.type),
      dialingCode: member.dialingCode,
      mobileNum: member.mobileNum,
      email: member.email,
      language: member.language,
      firstTimeLogin: member.firstTimeLogin,
      createdAt: member.createdAt,
      lastLoginAt: member.lastLoginAt,
    };
  }

  return {
    /** Opens a session and answers its token; only the token's hash is stored. */
    async issue(
      member: { id: bigint; type: number },
      kind: SessionKind,
      client: { ip: string; userAgent?: string },
      tx: Executor = db,
    ): Promise<{ token: string; hash: string }> {
      const token = newOpaqueToken();
      const hash = tokenHash(token);
      const hours = isTrialType(member.type) ? Math.min(TRIAL_MAX_HOURS, policy.maxHours) : policy.maxHours;
      await store.insertSession(tx, {
        tokenHash: hash,
        memberId: member.id,
        kind,
        ip: client.ip,
        userAgent: client.userAgent?.slice(0, 400),
        expiresAt: new Date(Date.now() + hours * 3_600_000),
      });
      return { token, hash };
    },

    /** The member behind a live token, or null for an unknown, idle, expired or revoked one. */
    async authenticate(token: string): Promise<AuthenticatedMember | null> {
      const hash = tokenHash(token);
      const member = await findLiveSession(hash, policy.idleMinutes);
      return member ? callerOf(member, hash) : null;
    },

    /** `authenticate` and the member's main wallet balance (0 when never funded) in one query. */
    async authenticateWithMainBalance(
      token: string,
    ): Promise<{ member: AuthenticatedMember; mainBalanceMinor: bigint } | null> {
      const hash = tokenHash(token);
      const row = await findLiveSessionWithBalance(hash, policy.idleMinutes);
      if (!row) return null;
      return { member: await callerOf(row, hash), mainBalanceMinor: row.mainBalanceMinor ?? 0n };
    },

    /** `authenticate` and the member's unread platform messages in one query. */
    async authenticateWithUnreadCount(
      token: string,
    ): Promise<{ member: AuthenticatedMember; unreadCount: number } | null> {
      const hash = tokenHash(token);
      const row = await findLiveSessionWithUnread(hash, policy.idleMinutes);
      if (!row) return null;
      return { member: await callerOf(row, hash), unreadCount: Number(row.unreadCount) };
    },

    /** Ends the session and, once that is stored, its open event streams everywhere. */
    async revoke(hash: string): Promise<void> {
      const memberId = await store.revokeSession(db, hash);
      if (memberId !== undefined) sessionsEnded(memberId, [hash]);
    },

    /** How long a live session has left (idle or absolute expiry); undefined when it is not live. */
    timeLeftMs: (hash: string) => store.sessionTimeLeftMs(db, hash, policy.idleMinutes),

    /**
     * Spec 2.8 popup type F: the member's first login. The first-login marker is cleared by the
     * lobby right after login, so the session itself tells: no session of theirs came before it.
     */
    isFirstSession: async (member: AuthenticatedMember) =>
      !(await store.hasEarlierSession(db, member.memberId, member.sessionTokenHash)),

    /**
     * Ends every session of the member and, once that is committed, their open event streams. In a
     * transaction, it must be one opened with `inTransaction`, whose commit runs the telling.
     */
    async revokeAllOf(memberId: bigint, tx: Executor = db): Promise<void> {
      const hashes = await store.revokeMemberSessions(tx, memberId);
      if (hashes.length === 0) return;
      if (!afterCommit(tx, db, () => sessionsEnded(memberId, hashes)))
        throw new Error('revokeAllOf inside a transaction not opened with inTransaction');
    },
  };
}
export type Sessions = ReturnType<typeof createSessions>;
