import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterCommit, inTransaction } from './after-commit.ts';
import { type DatabaseHandle, openPglite } from './database.ts';

describe('after-commit hooks', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openPglite(undefined);
    await database.db.execute(sql`create table after_commit_probe (n int)`);
  });
  afterAll(() => database.close());

  const rowsNow = async () => {
    // Both drivers answer execute() with { rows }, which the shared Database type leaves unknown.
    const result = (await database.db.execute(sql`select count(*)::int as n from after_commit_probe`)) as {
      rows: { n: number }[];
    };
    return Number(result.rows[0]?.n);
  };

  it('when the transaction commits, then the hooks run after it, seeing what it wrote', async () => {
    const seen: unknown[] = [];
    const before = await rowsNow();
    const answer = await inTransaction(database.db, async (tx) => {
      await tx.execute(sql`insert into after_commit_probe values (1)`);
      expect(afterCommit(tx, database.db, () => seen.push('hook'))).toBe(true);
      expect(seen).toEqual([]);
      return 'done';
    });
    expect(answer).toBe('done');
    expect(seen).toEqual(['hook']);
    expect(await rowsNow()).toBe(before + 1);
  });

  it('when the transaction rolls back, then no hook runs', async () => {
    const seen: string[] = [];
    await expect(
      inTransaction(database.db, async (tx) => {
        afterCommit(tx, database.db, () => seen.push('hook'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(seen).toEqual([]);
  });

  it('when given the database itself, then the hook runs at once', () => {
    const seen: string[] = [];
    expect(afterCommit(database.db, database.db, () => seen.push('hook'))).toBe(true);
    expect(seen).toEqual(['hook']);
  });

  it('when the transaction was not opened with inTransaction, then nothing runs and the answer says so', async () => {
    const seen: string[] = [];
    await database.db.transaction(async (tx) => {
      expect(afterCommit(tx, database.db, () => seen.push('hook'))).toBe(false);
    });
    expect(seen).toEqual([]);
  });
});
