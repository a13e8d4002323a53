import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { seedDepositChannels } from '../../seed/deposit-channels.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { testLedger } from '../ledger/ledger.test-helpers.ts';
import * as store from './deposit.store.ts';

describeEachDatabase('settling a deposit order', (database) => {
  const db = () => database().db;
  let serial = 0;
  const pendingOrder = async (memberId: bigint) => {
    serial += 1;
    const orderNo = `DSTORE-${Date.now().toString(36)}-${serial}`;
    await db().execute(sql`
      insert into deposit_orders (order_no, member_id, channel_code, amount_minor, fee_minor, status)
      values (${orderNo}, ${memberId}, 'FORTUNA_PAY', 60000, 0, 'PENDING')`);
    return orderNo;
  };

  it('when an order is settled, then it says how many other orders of the same member were credited before (the first- and Nth-deposit question, ADR 052, 073)', async () => {
    await seedDepositChannels(db());
    const member = await createMember(db());
    const other = await createMember(db());
    const first = await pendingOrder(member.id);
    const second = await pendingOrder(member.id);
    const othersFirst = await pendingOrder(other.id);

    expect((await store.settlePending(db(), first, { status: 'PAID' }))?.creditedBefore).toBe(0);
    // Settled but not yet credited (no posting recorded): still nobody's earlier credit.
    expect((await store.settlePending(db(), second, { status: 'PAID' }))?.creditedBefore).toBe(0);
    const ledger = testLedger(db());
    const clearing = await ledger.systemAccount('PAYMENT_CLEARING');
    const posted = await ledger.post({
      type: 'DEPOSIT',
      reference: `deposit ${first}`,
      actor: 'system',
      idempotencyKey: `deposit:${first}`,
      entries: [
        { accountId: clearing.id, amountMinor: -60_000n },
        { accountId: (await ledger.mainAccountOf(member.id)).id, amountMinor: 60_000n },
      ],
    });
    await store.setLedgerTransaction(db(), first, posted.id);
    const third = await pendingOrder(member.id);
    expect((await store.settlePending(db(), third, { status: 'PAID' }))?.creditedBefore).toBe(1);
    expect(await db().transaction((tx) => store.countCreditedBefore(tx, member.id, third))).toBe(1);
    // Its own credit is not one before it.
    expect(await db().transaction((tx) => store.countCreditedBefore(tx, member.id, first))).toBe(0);
    // Another member's credit is not this one's.
    expect((await store.settlePending(db(), othersFirst, { status: 'PAID' }))?.creditedBefore).toBe(0);
    expect(await db().transaction((tx) => store.countCreditedBefore(tx, other.id, othersFirst))).toBe(0);
  });
});
