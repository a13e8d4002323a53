import type { Database, Executor } from './database.ts';

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

const hooksOf = new WeakMap<Executor, (() => void)[]>();

/**
 * `db.transaction(work)`, plus what `afterCommit` registered on its transaction, run once it has
 * committed (never when it rolls back). Services whose transactions post to the ledger open them
 * here, so that the balance events of those postings go out after the commit and not before.
 */
export async function inTransaction<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  const hooks: (() => void)[] = [];
  const result = await db.transaction((tx) => {
    hooksOf.set(tx, hooks);
    return work(tx);
  });
  for (const hook of hooks) hook();
  return result;
}

/**
 * `work` in a savepoint of `tx` (a transaction opened by `inTransaction`): a failure undoes only
 * what `work` wrote, and what it registered with `afterCommit` runs after `tx` commits, unless
 * the savepoint was rolled back (then nothing it announced happened).
 */
export async function inSavepoint<T>(
  tx: Transaction,
  work: (savepoint: Transaction) => Promise<T>,
): Promise<T> {
  const hooks: (() => void)[] = [];
  const result = await tx.transaction((savepoint) => {
    hooksOf.set(savepoint, hooks);
    return work(savepoint);
  });
  const outer = hooksOf.get(tx);
  if (outer) outer.push(...hooks);
  return result;
}

/**
 * Runs `hook` once what `executor` wrote is committed: now when it is the database itself (each
 * statement commits on its own), or after the transaction opened by `inTransaction` commits.
 * Answers false, running nothing, for a transaction opened otherwise: its commit is not seen here.
 */
export function afterCommit(executor: Executor, db: Database, hook: () => void): boolean {
  if (executor === db) {
    hook();
    return true;
  }
  const hooks = hooksOf.get(executor);
  if (!hooks) return false;
  hooks.push(hook);
  return true;
}
