import { and, asc, count, desc, eq, gt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { members } from '../identity/identity.schema.ts';
import { abuseFlags, referralCodes, referralProgramme, referrals } from './referrals.schema.ts';

export type ReferralRow = typeof referrals.$inferSelect;
export type ProgrammeRow = typeof referralProgramme.$inferSelect;
export type AbuseFlagRow = typeof abuseFlags.$inferSelect;

export async function codeOf(db: Executor, memberId: bigint): Promise<string | undefined> {
  const [row] = await db.select().from(referralCodes).where(eq(referralCodes.memberId, memberId));
  return row?.code;
}

/** Answers false when the code is taken by another member (the caller draws again). */
export async function insertCode(db: Executor, memberId: bigint, code: string): Promise<boolean> {
  const rows = await db
    .insert(referralCodes)
    .values({ memberId, code })
    .onConflictDoNothing()
    .returning({ code: referralCodes.code });
  return rows.length === 1;
}

export async function ownerOfCode(db: Executor, code: string): Promise<bigint | undefined> {
  const [row] = await db.select().from(referralCodes).where(eq(referralCodes.code, code));
  return row?.memberId;
}

/** The referee's row; nothing when it already has one (a referee has one referrer). */
export async function insertReferral(db: Executor, refereeId: bigint, referrerId: bigint): Promise<boolean> {
  const rows = await db
    .insert(referrals)
    .values({ refereeId, referrerId })
    .onConflictDoNothing()
    .returning({ id: referrals.refereeId });
  return rows.length === 1;
}

/**
 * Closes a PENDING referral by one conditional update: of two runs (nodes, retries, the page and
 * the job) only one gets the row back, and only that one pays.
 */
export async function closePending(
  db: Executor,
  refereeId: bigint,
  change: { state: 'REWARDED' | 'NOT_ELIGIBLE'; reason?: string; rewardMinor?: bigint; at: Date },
): Promise<ReferralRow | undefined> {
  const [row] = await db
    .update(referrals)
    .set({
      state: change.state,
      reason: change.reason ?? null,
      rewardMinor: change.rewardMinor ?? null,
      closedAt: change.at,
    })
    .where(and(eq(referrals.refereeId, refereeId), eq(referrals.state, 'PENDING')))
    .returning();
  return row;
}

export async function setGrant(db: Executor, refereeId: bigint, grantId: bigint): Promise<void> {
  await db.update(referrals).set({ grantId }).where(eq(referrals.refereeId, refereeId));
}

/** Pending referrals after `afterRefereeId`, of one referrer when given, in referee order (the job's batches). */
export function pendingAfter(
  db: Executor,
  afterRefereeId: bigint,
  limit: number,
  referrerId?: bigint,
): Promise<ReferralRow[]> {
  return db
    .select()
    .from(referrals)
    .where(
      and(
        eq(referrals.state, 'PENDING'),
        gt(referrals.refereeId, afterRefereeId),
        referrerId === undefined ? undefined : eq(referrals.referrerId, referrerId),
      ),
    )
    .orderBy(asc(referrals.refereeId))
    .limit(limit);
}

/** A referrer's invitees, newest first, with their usernames (to be masked). */
export function inviteesOf(db: Executor, referrerId: bigint, limit: number) {
  return db
    .select({ referral: referrals, username: members.username })
    .from(referrals)
    .innerJoin(members, eq(members.id, referrals.refereeId))
    .where(eq(referrals.referrerId, referrerId))
    .orderBy(desc(referrals.createdAt), desc(referrals.refereeId))
    .limit(limit);
}

export async function totalRewardOf(db: Executor, referrerId: bigint): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${referrals.rewardMinor}), 0)::text` })
    .from(referrals)
    .where(and(eq(referrals.referrerId, referrerId), eq(referrals.state, 'REWARDED')));
  return BigInt(row?.total ?? '0');
}

export async function programme(db: Executor): Promise<ProgrammeRow | undefined> {
  const [row] = await db.select().from(referralProgramme).where(eq(referralProgramme.id, 1));
  return row;
}

export async function saveProgramme(
  db: Executor,
  values: Omit<typeof referralProgramme.$inferInsert, 'id'>,
): Promise<void> {
  await db
    .insert(referralProgramme)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: referralProgramme.id, set: values });
}

/** A flag once per pair and rule; the pair is stored as found (newer account first). */
export async function insertFlag(
  db: Executor,
  flag: { rule: string; memberId: bigint; relatedMemberId: bigint; detail: string },
): Promise<void> {
  await db.insert(abuseFlags).values(flag).onConflictDoNothing();
}

export async function flagsPage(
  db: Executor,
  filter: { memberId?: bigint; offset: number; limit: number },
): Promise<{ rows: AbuseFlagRow[]; total: number }> {
  const where =
    filter.memberId === undefined
      ? undefined
      : or(eq(abuseFlags.memberId, filter.memberId), eq(abuseFlags.relatedMemberId, filter.memberId));
  const rows = await db
    .select()
    .from(abuseFlags)
    .where(where)
    .orderBy(desc(abuseFlags.id))
    .offset(filter.offset)
    .limit(filter.limit);
  const [total] = await db.select({ total: count() }).from(abuseFlags).where(where);
  return { rows, total: total?.total ?? 0 };
}

/** The accounts flagged as the same person as `memberId`, whichever side of the flag it is on. */
export async function relatedAccounts(db: Executor, memberId: bigint): Promise<bigint[]> {
  const rows = await db
    .select({ a: abuseFlags.memberId, b: abuseFlags.relatedMemberId })
    .from(abuseFlags)
    .where(or(eq(abuseFlags.memberId, memberId), eq(abuseFlags.relatedMemberId, memberId)));
  return [...new Set(rows.map((row) => (row.a === memberId ? row.b : row.a)))];
}
