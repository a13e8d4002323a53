import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from '../../db/schema.ts';
import { migrationsFolder, withMigrationLock } from './migrate.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; store functions take one optionally so services can compose them. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'pg';
  /** How a second client reaches the same database (the job queue keeps connections of its own). */
  connection: { driver: 'pglite'; client: PGlite } | { driver: 'pg'; connectionString: string };
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** `maxConnections` is the pool size (10 unless given: the server passes DATABASE_POOL_SIZE). */
export async function openPostgres(
  connectionString: string,
  options: { maxConnections?: number } = {},
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max: options.maxConnections ?? 10 });
  // An idle client whose server connection dies emits 'error'; unheard, it would crash the node.
  pool.on('error', (error) => console.error(`PostgreSQL pool: idle client error: ${error.message}`));
  const nodePgDb = drizzleNodePg(pool, { schema });
  const db = nodePgDb as unknown as Database;
  return {
    db,
    driver: 'pg',
    connection: { driver: 'pg', connectionString },
    async migrate() {
      // A session lock lives on one connection: hold a pool client for as long as it is needed.
      const lockClient = await pool.connect();
      try {
        const lockHolder = drizzleNodePg(lockClient, { schema }) as unknown as Database;
        await withMigrationLock(lockHolder, () => migrateNodePg(nodePgDb, { migrationsFolder }));
      } finally {
        // Closed rather than pooled: whatever went wrong, no lock can outlive this connection.
        lockClient.release(true);
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

/**
 * PGlite in a directory, or in memory when `dataDir` is undefined (tests); in memory,
 * `loadDataDir` starts it from a dump of another one (`dumpDataDir`) instead of an empty cluster.
 */
export async function openPglite(
  dataDir: string | undefined,
  options: { loadDataDir?: Blob } = {},
): Promise<DatabaseHandle> {
  // PGlite reads its options from the first argument when that is not a path.
  const client = dataDir ? new PGlite(dataDir) : new PGlite({ loadDataDir: options.loadDataDir });
  await client.waitReady;
  const pgliteDb = drizzlePglite(client, { schema });
  const db = pgliteDb as unknown as Database;
  return {
    db,
    driver: 'pglite',
    connection: { driver: 'pglite', client },
    // One process owns a PGlite directory, so nothing races these migrations; the lock is taken
    // anyway so that both drivers start up the same way.
    migrate: () => withMigrationLock(db, () => migratePglite(pgliteDb, { migrationsFolder })),
    async ping() {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}

export function openDatabase(options: {
  databaseUrl?: string;
  pgliteDir?: string;
  maxConnections?: number;
}): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, { maxConnections: options.maxConnections })
    : openPglite(options.pgliteDir);
}
