import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/db/database.ts';
import { type NamedStatement, runStatement } from '../../platform/db/statements.ts';
import { ledgerAccounts } from '../ledger/ledger.schema.ts';
import {
  memberKnownDevices,
  memberKnownIps,
  memberSessions,
  members,
  passwordResetTokens,
  socialIdentities,
} from './identity.schema.ts';

export type MemberRow = typeof members.$inferSelect;
export type NewMember = typeof members.$inferInsert;

export async function findMemberByUsername(db: Executor, username: string): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(members).where(eq(members.username, username));
  return row;
}

export async function findMemberByMobile(
  db: Executor,
  dialingCode: string,
  mobileNum: string,
): Promise<MemberRow | undefined> {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.dialingCode, dialingCode), eq(members.mobileNum, mobileNum)));
  return row;
}

export async function findMemberById(db: Executor, id: bigint): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(members).where(eq(members.id, id));
  return row;
}

export async function findMemberByAffiliateCode(db: Executor, code: string): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(members).where(eq(members.affiliateCode, code));
  return row;
}

/** Inserts a member; answers which unique key refused it instead of throwing for a duplicate. */
export async function insertMember(
  db: Executor,
  member: NewMember,
): Promise<{ member: MemberRow } | { duplicate: 'username' | 'mobile' }> {
  const [row] = await db.insert(members).values(member).onConflictDoNothing().returning();
  if (row) return { member: row };
  const sameUsername = await findMemberByUsername(db, member.username);
  return { duplicate: sameUsername ? 'username' : 'mobile' };
}

export async function updateMember(db: Executor, id: bigint, changes: Partial<NewMember>): Promise<void> {
  await db.update(members).set(changes).where(eq(members.id, id));
}

/** Gives the member this code unless it has one; a code another member holds changes nothing. */
export async function setAffiliateCodeIfMissing(db: Executor, id: bigint, code: string): Promise<void> {
  await db
    .update(members)
    .set({ affiliateCode: code })
    .where(
      and(
        eq(members.id, id),
        isNull(members.affiliateCode),
        sql`not exists (select 1 from ${members} as holder where holder.affiliate_code = ${code})`,
      ),
    );
}

// ---- sessions ----------------------------------------------------------------------------

export async function insertSession(
  db: Executor,
  session: typeof memberSessions.$inferInsert,
): Promise<void> {
  await db.insert(memberSessions).values(session);
}

/** What an authenticated call knows of its session and member. */
const liveSessionColumns = {
  lastSeenAt: memberSessions.lastSeenAt,
  id: members.id,
  username: members.username,
  nickname: members.nickname,
  type: members.type,
  dialingCode: members.dialingCode,
  mobileNum: members.mobileNum,
  email: members.email,
  language: members.language,
  firstTimeLogin: members.firstTimeLogin,
  createdAt: members.createdAt,
  lastLoginAt: members.lastLoginAt,
};

/**
 * A session is live when it is known, not revoked, not past its absolute expiry and not idle for
 * longer than allowed, and its member is active. Judged by the database clock so all nodes agree.
 */
const liveSessionCondition = () =>
  and(
    eq(memberSessions.tokenHash, sql.placeholder('hash')),
    isNull(memberSessions.revokedAt),
    gt(memberSessions.expiresAt, sql`now()`),
    gt(memberSessions.lastSeenAt, sql`now() - make_interval(mins => ${sql.placeholder('idleMinutes')}::int)`),
    eq(members.status, 'ACTIVE'),
  );

/**
 * The one query behind every authenticated call: the live session and its member together, with
 * only the columns a caller needs (liveSessionColumns, liveSessionCondition, in plain SQL). Run by
 * name (platform/db/statements.ts): building the SQL and planning the join on every call cost most
 * of the time of an authenticated read (bench/member-info-rps.ts), and mapping its row through
 * Drizzle was most of what Drizzle still cost a member transfer (bench/transfer-tps.ts --profile).
 */
const LIVE_SESSION: NamedStatement = {
  name: 'find_live_session',
  text: `select s.last_seen_at, m.id::text as id, m.username, m.nickname, m.type, m.dialing_code,
                m.mobile_num, m.email, m.language, m.first_time_login, m.created_at, m.last_login_at
           from member_sessions s join members m on m.id = s.member_id
          where s.token_hash = $1::text
            and s.revoked_at is null
            and s.expires_at > now()
            and s.last_seen_at > now() - make_interval(mins => $2::int)
            and m.status = 'ACTIVE'`,
};

const dateOf = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));
const textOrNull = (value: unknown) => (value === null || value === undefined ? null : String(value));

export function prepareLiveSessionLookup(db: Database) {
  return async (hash: string, idleMinutes: number) => {
    const [row] = await runStatement(db, LIVE_SESSION, [hash, idleMinutes]);
    if (!row) return undefined;
    return {
      lastSeenAt: dateOf(row.last_seen_at),
      id: BigInt(String(row.id)),
      username: String(row.username),
      nickname: String(row.nickname),
      type: Number(row.type),
      dialingCode: textOrNull(row.dialing_code),
      mobileNum: textOrNull(row.mobile_num),
      email: textOrNull(row.email),
      language: String(row.language),
      firstTimeLogin: row.first_time_login === true,
      createdAt: dateOf(row.created_at),
      lastLoginAt: row.last_login_at === null ? null : dateOf(row.last_login_at),
    };
  };
}

/**
 * The same live session, with the member's main wallet balance in the same round trip (null when
 * the member never had money): the balance call, polled by every open lobby page, is then one query.
 */
export function prepareLiveSessionWithMainBalanceLookup(db: Database) {
  const statement = db
    .select({ ...liveSessionColumns, mainBalanceMinor: ledgerAccounts.balanceMinor })
    .from(memberSessions)
    .innerJoin(members, eq(members.id, memberSessions.memberId))
    .leftJoin(
      ledgerAccounts,
      and(
        eq(ledgerAccounts.kind, 'MEMBER_MAIN'),
        eq(ledgerAccounts.memberId, members.id),
        isNull(ledgerAccounts.vendor),
      ),
    )
    .where(liveSessionCondition())
    .prepare('find_live_session_main_balance');
  return async (hash: string, idleMinutes: number) => {
    const [row] = await statement.execute({ hash, idleMinutes });
    return row;
  };
}

/**
 * The same live session, with the member's unread platform messages in the same round trip (the
 * SQL function of the messages module, migration 0009): the unread-count call, read by every open
 * lobby page, is then one query.
 */
export function prepareLiveSessionWithUnreadCountLookup(db: Database) {
  const statement = db
    .select({ ...liveSessionColumns, unreadCount: sql<number>`messages_unread_count(${members.id})` })
    .from(memberSessions)
    .innerJoin(members, eq(members.id, memberSessions.memberId))
    .where(liveSessionCondition())
    .prepare('find_live_session_unread_count');
  return async (hash: string, idleMinutes: number) => {
    const [row] = await statement.execute({ hash, idleMinutes });
    return row;
  };
}

export async function touchSession(db: Executor, hash: string): Promise<void> {
  await db.update(memberSessions).set({ lastSeenAt: sql`now()` }).where(eq(memberSessions.tokenHash, hash));
}

/** Whether the member had a session before this one: none means this is their first login. */
export async function hasEarlierSession(db: Executor, memberId: bigint, hash: string): Promise<boolean> {
  const current = db
    .select({ createdAt: memberSessions.createdAt })
    .from(memberSessions)
    .where(eq(memberSessions.tokenHash, hash));
  const rows = await db
    .select({ hash: memberSessions.tokenHash })
    .from(memberSessions)
    .where(
      and(
        eq(memberSessions.memberId, memberId),
        ne(memberSessions.tokenHash, hash),
        sql`${memberSessions.createdAt} <= (${current})`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * How long the live session has left before it expires (absolute or idle, whichever comes first),
 * by the database clock; undefined when it is not live.
 */
export async function sessionTimeLeftMs(
  db: Executor,
  hash: string,
  idleMinutes: number,
): Promise<number | undefined> {
  const idleEnd = sql`${memberSessions.lastSeenAt} + make_interval(mins => ${idleMinutes}::int)`;
  const [row] = await db
    .select({
      ms: sql<string>`floor(extract(epoch from least(${memberSessions.expiresAt}, ${idleEnd}) - now()) * 1000)::bigint`,
    })
    .from(memberSessions)
    .innerJoin(members, eq(members.id, memberSessions.memberId))
    .where(
      and(
        eq(memberSessions.tokenHash, hash),
        isNull(memberSessions.revokedAt),
        gt(memberSessions.expiresAt, sql`now()`),
        gt(idleEnd, sql`now()`),
        eq(members.status, 'ACTIVE'),
      ),
    );
  return row ? Math.max(Number(row.ms), 0) : undefined;
}

/** Ends the session; answers its member, or undefined when it was unknown or already ended. */
export async function revokeSession(db: Executor, hash: string): Promise<bigint | undefined> {
  const [revoked] = await db
    .update(memberSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(memberSessions.tokenHash, hash), isNull(memberSessions.revokedAt)))
    .returning({ memberId: memberSessions.memberId });
  return revoked?.memberId;
}

/** Ends every live session of a member, except the one given (if any); answers their token hashes. */
export async function revokeMemberSessions(
  db: Executor,
  memberId: bigint,
  exceptHash?: string,
): Promise<string[]> {
  const revoked = await db
    .update(memberSessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(memberSessions.memberId, memberId),
        isNull(memberSessions.revokedAt),
        exceptHash ? ne(memberSessions.tokenHash, exceptHash) : undefined,
      ),
    )
    .returning({ hash: memberSessions.tokenHash });
  return revoked.map((row) => row.hash);
}

// ---- known addresses ---------------------------------------------------------------------

export async function knownIpState(db: Executor, memberId: bigint, ip: string) {
  const rows = await db
    .select({ ip: memberKnownIps.ip })
    .from(memberKnownIps)
    .where(eq(memberKnownIps.memberId, memberId))
    .limit(1000);
  return { hasAny: rows.length > 0, isKnown: rows.some((row) => row.ip === ip) };
}

export async function rememberIp(db: Executor, memberId: bigint, ip: string): Promise<void> {
  await db
    .insert(memberKnownIps)
    .values({ memberId, ip })
    .onConflictDoUpdate({
      target: [memberKnownIps.memberId, memberKnownIps.ip],
      set: { lastSeenAt: sql`now()` },
    });
}

/** Records the member's browser (ADR 077) by its device id's hash, refreshing when it was last seen. */
export async function rememberDevice(db: Executor, memberId: bigint, deviceHash: string): Promise<void> {
  await db
    .insert(memberKnownDevices)
    .values({ memberId, deviceHash })
    .onConflictDoUpdate({
      target: [memberKnownDevices.memberId, memberKnownDevices.deviceHash],
      set: { lastSeenAt: sql`now()` },
    });
}

// ---- password reset links ----------------------------------------------------------------

export async function insertResetToken(
  db: Executor,
  row: { tokenHash: string; memberId: bigint; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values(row);
}

/** Spends a reset link once: a second use, or one after expiry, finds nothing. */
/** The member a live (unused, unexpired) reset link belongs to, without spending it. */
export async function findLiveResetTokenMember(
  db: Executor,
  hash: string,
): Promise<{ memberId: bigint; username: string } | undefined> {
  const [row] = await db
    .select({ memberId: members.id, username: members.username })
    .from(passwordResetTokens)
    .innerJoin(members, eq(members.id, passwordResetTokens.memberId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    );
  return row;
}

export async function consumeResetToken(db: Executor, hash: string): Promise<bigint | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ memberId: passwordResetTokens.memberId });
  return row?.memberId;
}

/** Housekeeping: reset links that expired before `cutoff` can never be used again. */
export async function deleteExpiredResetTokens(db: Executor, cutoff: Date): Promise<number> {
  const deleted = await db
    .delete(passwordResetTokens)
    .where(lt(passwordResetTokens.expiresAt, cutoff))
    .returning({ hash: passwordResetTokens.tokenHash });
  return deleted.length;
}

// ---- social identities -------------------------------------------------------------------

export async function findSocialIdentity(db: Executor, provider: string, subject: string) {
  const [row] = await db
    .select()
    .from(socialIdentities)
    .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, subject)));
  return row;
}

export async function insertSocialIdentity(
  db: Executor,
  row: typeof socialIdentities.$inferInsert,
): Promise<void> {
  await db.insert(socialIdentities).values(row);
}
