import pg from 'pg';
import type { Executor } from './database.ts';

/** A hot statement in plain SQL, run by name so that PostgreSQL parses and plans it once per connection. */
export interface NamedStatement {
  name: string;
  text: string;
}

interface PgliteLike {
  query(text: string, values: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * The driver connection behind a Drizzle database or transaction handle. Drizzle keeps it as the
 * session's `client` (a `pg` pool, a pool client inside a transaction, a PGlite instance or
 * PGlite's transaction); it is not a public field, so statements.test.ts pins it down on both drivers.
 */
function clientOf(executor: Executor): pg.Pool | pg.Client | PgliteLike {
  const client = (executor as unknown as { session?: { client?: unknown } }).session?.client;
  if (!client || typeof (client as { query?: unknown }).query !== 'function') {
    throw new Error('database handle without a driver client: Drizzle changed its session shape');
  }
  return client as pg.Pool | pg.Client | PgliteLike;
}

/**
 * Runs `statement` with `values` on the executor's own connection (so inside its transaction when
 * it is one): on `pg` as a named prepared statement (the client prepares it on first use per
 * connection, then only binds and executes), on PGlite as a plain parameterised query (one
 * in-process connection; nothing to save). Rows come back as the driver gives them: convert bigint
 * columns with BigInt(String(value)), which holds for both.
 */
export async function runStatement(
  executor: Executor,
  statement: NamedStatement,
  values: unknown[],
): Promise<Record<string, unknown>[]> {
  const client = clientOf(executor);
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    const result = await client.query({ name: statement.name, text: statement.text, values });
    return result.rows as Record<string, unknown>[];
  }
  return (await client.query(statement.text, values)).rows;
}

/** A bigint[] parameter as an array literal: both drivers pass text through as is. */
export function bigintArray(values: readonly bigint[]): string {
  return `{${values.join(',')}}`;
}
