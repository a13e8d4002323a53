import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { members } from '../modules/identity/identity.schema.ts';
import { ledgerTransactions } from '../modules/ledger/ledger.schema.ts';
import { testLedger } from '../modules/ledger/ledger.test-helpers.ts';
import { reconcile } from '../modules/ledger/reconciliation.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { seedDemoBalances } from './demo-balances.ts';
import { seedDemoMembers } from './demo-members.ts';

describeEachDatabase('demo balances', (database) => {
  it('when the demo seed runs on every start, then demo01 and agent01 hold 10,000.00 and the regulars 2,000.00 from the house, credited once', async () => {
    const db = database().db;
    await seedDemoMembers(db);
    await seedDemoBalances(db);
    await seedDemoBalances(db);

    const ledger = testLedger(db);
    for (const [username, openingMinor] of [
      ['demo01', 1_000_000n],
      ['agent01', 1_000_000n],
      ['koifan21', 200_000n],
      ['rizal88', 200_000n],
      ['mayumi07', 200_000n],
    ] as const) {
      const [member] = await db.select().from(members).where(eq(members.username, username));
      if (!member) throw new Error(`${username} missing`);
      expect(await ledger.mainBalanceOf(member.id)).toBe(openingMinor);
      const postings = await db
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.idempotencyKey, `demo-opening:${username}`));
      expect(postings).toMatchObject([{ type: 'OPENING', actor: 'system' }]);
    }
    const [newbie] = await db.select().from(members).where(eq(members.username, 'newbie01'));
    expect(await ledger.mainBalanceOf(newbie?.id ?? 0n)).toBe(0n);
    expect(await ledger.balanceOf((await ledger.systemAccount('HOUSE')).id)).toBe(-2_600_000n);
    expect(await reconcile(db)).toEqual({ ok: true, problems: [] });
  });
});
