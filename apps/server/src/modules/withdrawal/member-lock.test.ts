import { expect, it } from 'vitest';
import type { Executor } from '../../platform/db/database.ts';
import { seedDepositChannels } from '../../seed/deposit-channels.ts';
import { describeOnPostgres } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import * as depositStore from '../deposit/deposit.store.ts';
import { lockMemberForPayees } from './payees.store.ts';
import * as withdrawalStore from './withdrawal.store.ts';

const lockers: [string, (tx: Executor, memberId: bigint) => Promise<unknown>][] = [
  ['a withdrawal request', withdrawalStore.lockMember],
  ['a deposit order', depositStore.lockMember],
  ['a payee account', lockMemberForPayees],
];

// The HTTP load test found this: a deposit callback (or a withdrawal rejection) updates its row
// twice in one transaction while holding ledger accounts; the second update re-checks the row's
// foreign key to the member (KEY SHARE). A member lock taken FOR UPDATE made that check wait for
// a withdrawal request that was itself waiting for those ledger accounts: a deadlock.
describeOnPostgres('the member lock of money requests', (database) => {
  for (const [name, lock] of lockers) {
    it(`when ${name} holds the member lock, then a transaction re-checking a foreign key to that member is not held up`, async () => {
      const db = database().db;
      await seedDepositChannels(db);
      const member = await createMember(db);
      const orderNo = `D20260101-LOCK${Math.floor(Math.random() * 1e7)}`;
      await depositStore.insertOrderIfNew(db, {
        orderNo,
        memberId: member.id,
        channelCode: 'FORTUNA_PAY',
        amountMinor: 10_000n,
        feeMinor: 0n,
        status: 'PENDING',
      });
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked: () => void = () => undefined;
      const lockTaken = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const holder = db.transaction(async (tx) => {
        await lock(tx, member.id);
        locked();
        await held;
      });
      await lockTaken;
      // Two updates of one row in one transaction: the second checks member_id's foreign key.
      const settle = db.transaction(async (tx) => {
        await depositStore.settlePending(tx, orderNo, { status: 'PAID' });
        await depositStore.setExternalReferenceIfMissing(tx, orderNo, 'pay-123');
        return 'settled';
      });
      const outcome = await Promise.race([
        settle,
        new Promise((resolve) => setTimeout(() => resolve('held up by the member lock'), 5_000)),
      ]);
      release();
      await Promise.all([holder, settle]);
      expect(outcome).toBe('settled');
    });
  }
});
