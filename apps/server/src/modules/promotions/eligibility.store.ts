import { inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { members } from '../identity/identity.schema.ts';

/**
 * Who a promotion may reach (ADR 058; a read model of ADR 026 over `members`): when each of the
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
