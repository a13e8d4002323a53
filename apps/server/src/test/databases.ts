import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { type DatabaseHandle, openPglite, openPostgres } from '../platform/db/database.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

/**
 * A fresh PostgreSQL database on the TEST_DATABASE_URL server, and how to drop it: empty, or a
 * copy of `template` (a database no one is connected to).
 */
export async function createPostgresDatabase(
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `fortuna_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

type Variant = {
  name: string;
  /** A migrated and seeded database of the suite's own. */
  open: () => Promise<{ handle: DatabaseHandle; dispose: () => Promise<void> }>;
};

const pgliteVariant: Variant = {
  name: 'PGlite',
  async open() {
    const handle = await openSeededPglite();
    return { handle, dispose: () => handle.close() };
  },
};

const postgresVariant: Variant = {
  name: 'PostgreSQL',
  async open() {
    // The run's global set-up migrated and seeded a template once (seeded-template.global-setup.ts).
    const template = inject('seededPostgresTemplate');
    if (!template) throw new Error('no seeded PostgreSQL template: is the global set-up configured?');
    const database = await createPostgresDatabase(template);
    const handle = await openPostgres(database.url);
    return {
      handle,
      async dispose() {
        await handle.close();
        await database.drop();
      },
    };
  },
};

/**
 * A migrated and seeded in-memory PGlite database, as each suite of describeEachDatabase starts
 * from: loaded from the dump the run's global set-up made (seeded-template.global-setup.ts).
 */
export async function openSeededPglite(): Promise<DatabaseHandle> {
  const dump = await readFile(inject('seededPgliteDump'));
  return openPglite(undefined, { loadDataDir: new Blob([dump]) });
}

/**
 * Runs a suite once on in-memory PGlite and once on a fresh PostgreSQL database (migrated and
 * seeded, dropped afterwards). Without TEST_DATABASE_URL the PostgreSQL run is skipped with the
 * reason in its name, except in CI, where it fails.
 */
export function describeEachDatabase(title: string, suite: (database: () => DatabaseHandle) => void): void {
  for (const variant of [pgliteVariant, postgresVariant]) {
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
      afterAll(async () => {
        await opened?.dispose();
      });
      suite(() => {
        if (!opened) throw new Error('database not open');
        return opened.handle;
      });
    });
  }
}

/**
 * For suites that need PostgreSQL itself (several connections at once, real lock waits): the
 * suite gets a fresh, migrated and seeded database handle; without TEST_DATABASE_URL it is
 * skipped with the reason in its name, except in CI, where it fails.
 */
export function describeOnPostgres(title: string, suite: (database: () => DatabaseHandle) => void): void {
  if (!serverUrl && process.env.CI !== 'true') {
    describe.skip(`${title} [PostgreSQL variant skipped: TEST_DATABASE_URL is not set]`, () =>
      suite(() => undefined as never));
    return;
  }
  describe(`${title} [PostgreSQL]`, () => {
    let opened: Awaited<ReturnType<Variant['open']>> | undefined;
    beforeAll(async () => {
      if (!serverUrl) throw new Error('CI needs TEST_DATABASE_URL for the PostgreSQL variant');
      opened = await postgresVariant.open();
    });
    afterAll(async () => {
      await opened?.dispose();
    });
    suite(() => {
      if (!opened) throw new Error('database not open');
      return opened.handle;
    });
  });
}
