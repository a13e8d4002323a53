import { desc, sql } from 'drizzle-orm';
import { sealingKeys } from '../../modules/system/system.schema.ts';
import type { Executor } from '../db/database.ts';

// Any constant shared by every node: whoever holds it decides whether a first key is created.
const SEALING_KEY_LOCK = 4_242_019;

export type SealingKeyRow = typeof sealingKeys.$inferSelect;

/** The key that sealed bodies are encrypted for now: the newest one. */
export async function readNewestSealingKey(db: Executor): Promise<SealingKeyRow | undefined> {
  const rows = await db
    .select()
    .from(sealingKeys)
    .orderBy(desc(sealingKeys.createdAt), desc(sealingKeys.keyId))
    .limit(1);
  return rows[0];
}

/**
 * Inserts `candidate` unless some node stored a key first, and answers the newest key. The
 * transaction-scoped advisory lock makes nodes starting together on an empty table agree on one.
 */
export function insertFirstSealingKey(
  db: Executor,
  candidate: Omit<SealingKeyRow, 'createdAt'>,
): Promise<SealingKeyRow> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEALING_KEY_LOCK})`);
    const existing = await readNewestSealingKey(tx);
    if (existing) return existing;
    const [inserted] = await tx.insert(sealingKeys).values(candidate).returning();
    if (!inserted) throw new Error('the sealing key was not stored');
    return inserted;
  });
}
