import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { ensureDrawTables, type Queryable } from './draw-store.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

/** Two connections to one lottery database, as two nodes of the house games have. */
export interface LotteryDatabases {
  nodeA: Queryable;
  nodeB: Queryable;
}

interface Variant {
  name: string;
  open: () => Promise<LotteryDatabases & { dispose: () => Promise<void> }>;
}

const pgliteVariant: Variant = {
  name: 'PGlite',
  async open() {
    // PGlite is one connection in this process: both "nodes" share it, their calls interleave.
    const db = new PGlite();
    await ensureDrawTables(db);
    return { nodeA: db, nodeB: db, dispose: () => db.close() };
  },
};

const postgresVariant: Variant = {
  name: 'PostgreSQL',
  async open() {
    const name = `lottery_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl as string);
    url.pathname = `/${name}`;
    const nodeA = new pg.Pool({ connectionString: url.toString(), max: 3 });
    const nodeB = new pg.Pool({ connectionString: url.toString(), max: 3 });
    // A connection still closing when the database is dropped `with (force)` is terminated: that
    // is the end of the test, not an error to report.
    for (const pool of [nodeA, nodeB]) pool.on('error', () => {});
    await ensureDrawTables(nodeA);
    return {
      nodeA,
      nodeB,
      async dispose() {
        await nodeA.end();
        await nodeB.end();
        const client = new pg.Client({ connectionString: serverUrl });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      },
    };
  },
};

/**
 * Runs a suite on a fresh in-memory PGlite and on a fresh PostgreSQL database (two pools: two
 * nodes), as the server's describeEachDatabase does; without TEST_DATABASE_URL the PostgreSQL
 * run is skipped with the reason in its name, except in CI, where it fails.
 */
export function describeEachLotteryDatabase(
  title: string,
  suite: (databases: () => LotteryDatabases) => void,
) {
  describeOn([pgliteVariant, postgresVariant], title, suite);
}

function describeOn(
  variants: readonly Variant[],
  title: string,
  suite: (databases: () => LotteryDatabases) => void,
) {
  for (const variant of variants) {
    const missingServer = variant === postgresVariant && !serverUrl;
    if (missingServer && process.env.CI !== 'true') {
      describe.skip(`${title} [${variant.name} variant skipped: TEST_DATABASE_URL is not set]`, () =>
        suite(() => undefined as never));
      continue;
    }
    describe(`${title} [${variant.name}]`, () => {
      let opened: Awaited<ReturnType<Variant['open']>> | undefined;
      beforeAll(async () => {
        if (missingServer) throw new Error('CI needs TEST_DATABASE_URL for the PostgreSQL variant');
        opened = await variant.open();
      });
      afterAll(async () => opened?.dispose());
      suite(() => {
        if (!opened) throw new Error('database not open');
        return opened;
      });
    });
  }
}

/**
 * A suite that needs two real connections at once (one holds a row lock while the other waits):
 * PostgreSQL only, skipped with the reason in its name without TEST_DATABASE_URL (failing in CI).
 */
export function describeOnLotteryPostgres(title: string, suite: (databases: () => LotteryDatabases) => void) {
  describeOn([postgresVariant], title, suite);
}
