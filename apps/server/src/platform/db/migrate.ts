import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database } from './database.ts';

export const migrationsFolder = fileURLToPath(new URL('../../db/migrations', import.meta.url));

// Any constant shared by every node: whoever holds this lock runs the migrations, the others wait.
const MIGRATION_LOCK_KEY = 4_242_017;

/**
 * Runs `migrate` while holding a session-level advisory lock on `lockHolder`, a connection of its
 * own, so that two nodes starting together on an empty database migrate one after the other (the
 * second finds nothing left to do). The lock is released even when a migration fails.
 */
export async function withMigrationLock(lockHolder: Database, migrate: () => Promise<void>): Promise<void> {
  await lockHolder.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
  try {
    await migrate();
  } finally {
    // A failed unlock must not hide a failed migration; a broken connection has lost its lock anyway.
    await lockHolder.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`).catch(() => {});
  }
}
