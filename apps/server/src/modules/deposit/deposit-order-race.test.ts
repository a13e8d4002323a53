import { DepositPaths } from '@fortuna/contracts/deposit';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { seedDepositChannels } from '../../seed/deposit-channels.ts';
import { buildTestApp } from '../../test/app.ts';
import { describeOnPostgres } from '../../test/databases.ts';
import { loggedInMember } from '../../test/wallet-fixtures.ts';
import { MAX_PENDING_ORDERS } from './deposit.service.ts';
import * as store from './deposit.store.ts';

describeOnPostgres('a deposit order sent twice at the pending limit', (database) => {
  it('when the same request arrives twice at once while the member has one slot left, then both answer the one order', async () => {
    const db = database().db;
    await seedDepositChannels(db);
    const app = await buildTestApp(database());
    try {
      const { member, headers } = await loggedInMember(db);
      const create = (requestId: string) =>
        app.inject({
          method: 'POST',
          url: DepositPaths.orders,
          headers,
          payload: { channelCode: 'BANK_TRANSFER', amountMinor: '60000', requestId, payerReference: 'BDO-9' },
        });
      for (let n = 1; n < MAX_PENDING_ORDERS; n += 1)
        expect((await create(`slot-order-${n}`)).statusCode).toBe(200);

      // Both deliveries must queue behind the member lock before either goes on, as on a busy server.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked: () => void = () => undefined;
      const lockTaken = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const holder = db.transaction(async (tx) => {
        await store.lockMember(tx, member.id);
        locked();
        await held;
      });
      await lockTaken;
      const twins = Promise.all([create('the-last-slot'), create('the-last-slot')]);
      const startedAt = Date.now();
      for (;;) {
        const waiting = (await db.execute(
          sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
        )) as unknown as { rows: { n: number }[] };
        if ((waiting.rows[0]?.n ?? 0) >= 2 || Date.now() - startedAt > 5_000) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      release();
      await holder;
      const answers = await twins;
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      expect(answers[0]?.json().value.orderNo).toBe(answers[1]?.json().value.orderNo);
    } finally {
      await app.close();
    }
  });
});
