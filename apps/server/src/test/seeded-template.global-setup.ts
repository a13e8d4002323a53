import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type DatabaseHandle, openPglite, openPostgres } from '../platform/db/database.ts';
import { seedDemoData } from '../seed/seed.ts';
import { seedWalletSettings } from '../seed/wallet-settings.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated and seeded PostgreSQL database that suites copy, or '' without TEST_DATABASE_URL. */
    seededPostgresTemplate: string;
    /** A file holding the dump of a migrated and seeded PGlite database that suites load. */
    seededPgliteDump: string;
  }
}

async function seed(handle: DatabaseHandle): Promise<void> {
  await handle.migrate();
  await seedDemoData(handle.db);
  await seedWalletSettings(handle.db);
}

/**
 * Migrating and seeding a database costs seconds (and a new PGlite cluster more still), and a
 * hundred suites on each driver need one: it is done once per run. Each PostgreSQL suite gets a
 * copy (CREATE DATABASE … TEMPLATE, a file copy on the server); each PGlite suite loads a dump.
 * Both are removed when the run ends.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dropDump = await provideSeededPgliteDump(project);
  const dropTemplate = await provideSeededPostgresTemplate(project);
  return async () => {
    await dropTemplate();
    await dropDump();
  };
}

async function provideSeededPgliteDump(project: TestProject): Promise<() => Promise<void>> {
  const handle = await openPglite(undefined);
  const file = join(tmpdir(), `fortuna-seeded-pglite-${randomBytes(6).toString('hex')}.tar`);
  try {
    await seed(handle);
    const client = (handle.connection as { client: PGlite }).client;
    const dump = await client.dumpDataDir('none');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await handle.close();
  }
  project.provide('seededPgliteDump', file);
  return () => rm(file, { force: true });
}

async function provideSeededPostgresTemplate(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    project.provide('seededPostgresTemplate', '');
    return async () => undefined;
  }
  const name = `fortuna_template_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), { maxConnections: 2 });
  try {
    await seed(handle);
  } finally {
    // A template must have no connection open while it is copied.
    await handle.close();
  }
  project.provide('seededPostgresTemplate', name);
  return () => onServer(serverUrl, `drop database if exists ${name} with (force)`);
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
