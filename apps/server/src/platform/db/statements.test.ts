import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.ts';
import { bigintArray, runStatement } from './statements.ts';

const PROBE = {
  name: 'statements_test_probe',
  text: 'select count(*)::int as n from statements_probe where n = any($1::bigint[])',
};

describeEachDatabase('named statements', (database) => {
  it('when run inside a transaction, then the statement sees what the transaction wrote before it commits', async () => {
    const { db } = database();
    await db.execute(sql`create table if not exists statements_probe (n bigint)`);
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into statements_probe values (41), (42)`);
        expect(await runStatement(tx, PROBE, [bigintArray([41n, 42n, 43n])])).toEqual([{ n: 2 }]);
        // Another connection (pg) or a wait for this transaction (PGlite) would not see them.
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.message.includes('Rollback'))) throw error;
      });
    // Run again by name on the database itself: rolled back, nothing to count.
    expect(await runStatement(db, PROBE, [bigintArray([41n, 42n])])).toEqual([{ n: 0 }]);
    expect(await runStatement(db, PROBE, [bigintArray([41n])])).toEqual([{ n: 0 }]);
  });
});
