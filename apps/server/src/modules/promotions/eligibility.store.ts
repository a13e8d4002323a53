import { desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { memberKnownDevices, members } from '../identity/identity.schema.ts';

/**
 * Who a promotion may reach (ADR 058; a read model of ADR 026 over `members` and, since ADR 077,
 * `member_known_devices`): when each of the
 * members signed up, for the NEW_PLAYERS audience, and which of a list exist, for the MEMBERS
 * audience and the operators' grants. Members absent from the answer do not exist.
 */
export async function signedUpAt(db: Executor, memberIds: bigint[]): Promise<Map<bigint, Date>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db
    .select({ id: members.id, createdAt: members.createdAt })
    .from(members)
    .where(inArray(members.id, memberIds));
  return new Map(rows.map((row) => [row.id, row.createdAt]));
}

/** The member type of each of the members that exist (an AGENT_LINES audience names agents, ADR 073). */
export async function memberTypes(db: Executor, memberIds: bigint[]): Promise<Map<bigint, number>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db
    .select({ id: members.id, type: members.type })
    .from(members)
    .where(inArray(members.id, memberIds));
  return new Map(rows.map((row) => [row.id, row.type]));
}

/**
 * The member's address for the promotions' limit per address (ADR 073): where the member last
 * logged in from, else where the member signed up; null when identity recorded neither.
 */
export async function addressOf(db: Executor, memberId: bigint): Promise<string | null> {
  const [row] = await db
    .select({ lastLoginIp: members.lastLoginIp, registerIp: members.registerIp })
    .from(members)
    .where(eq(members.id, memberId));
  return row?.lastLoginIp ?? row?.registerIp ?? null;
}

/**
 * The member's device for the promotions' limit per device (ADR 077): the hash of the browser's
 * device id the member last registered or logged in with; null when identity recorded none.
 */
export async function deviceOf(db: Executor, memberId: bigint): Promise<string | null> {
  const [row] = await db
    .select({ deviceHash: memberKnownDevices.deviceHash })
    .from(memberKnownDevices)
    .where(eq(memberKnownDevices.memberId, memberId))
    .orderBy(desc(memberKnownDevices.lastSeenAt))
    .limit(1);
  return row?.deviceHash ?? null;
}
