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

  const ordinalOf = async (orderNo: string) => (await store.findOrder(db(), orderNo))?.creditedOrdinal;

  /** Settles and credits the order as the deposit module does: its posting, then its place recorded. */
  async function credit(orderNo: string, memberId: bigint) {
    const settled = await store.settlePending(db(), orderNo, { status: 'PAID' });
    if (!settled) throw new Error('not settled');
    const ledger = testLedger(db());
    const clearing = await ledger.systemAccount('PAYMENT_CLEARING');
    const posted = await ledger.post({
      type: 'DEPOSIT',
      reference: `deposit ${orderNo}`,
      actor: 'system',
      idempotencyKey: `deposit:${orderNo}`,
      entries: [
        { accountId: clearing.id, amountMinor: -60_000n },
        { accountId: (await ledger.mainAccountOf(memberId)).id, amountMinor: 60_000n },
      ],
    });
    await store.setLedgerTransaction(db(), orderNo, posted.id);
  }

  it('when an order is credited, then it records its place among its member’s credited deposits (the first- and Nth-deposit question, ADR 073, 078)', async () => {
    await seedDepositChannels(db());
    const member = await createMember(db());
    const other = await createMember(db());
    const first = await pendingOrder(member.id);
    const second = await pendingOrder(member.id);
    const othersFirst = await pendingOrder(other.id);

    await credit(first, member.id);
    expect(await ordinalOf(first)).toBe(1);
    // Settled but not credited: no place yet, and nobody's earlier credit.
    expect(await store.settlePending(db(), second, { status: 'FAILED' })).toMatchObject({ status: 'FAILED' });
    expect(await ordinalOf(second)).toBeNull();
    const third = await pendingOrder(member.id);
    await credit(third, member.id);
    expect(await ordinalOf(third)).toBe(2);
    // Another member's credits are not this one's.
    await credit(othersFirst, other.id);
    expect(await ordinalOf(othersFirst)).toBe(1);
  });

  it('when a credited order is marked evaluated twice, then only the first mark answers it, as of its credit; an order not credited is never marked', async () => {
    await seedDepositChannels(db());
    const member = await createMember(db());
    const orderNo = await pendingOrder(member.id);
    expect(await store.markPromotionsEvaluated(db(), orderNo)).toBeUndefined();
    await credit(orderNo, member.id);
    const settledAt = (await store.findOrder(db(), orderNo))?.settledAt;

    expect(await store.markPromotionsEvaluated(db(), orderNo)).toEqual({
      memberId: member.id,
      orderNo,
      amountMinor: 60_000n,
      creditedOrdinal: 1,
      creditedAt: settledAt,
    });
    expect(await store.markPromotionsEvaluated(db(), orderNo)).toBeUndefined();
    expect(await store.markPromotionsEvaluated(db(), 'D-NO-SUCH-ORDER')).toBeUndefined();
  });

  it('when the sweep lists unevaluated credits, then it sees credited, unmarked orders settled by its cut-off, and no others', async () => {
    await seedDepositChannels(db());
    const member = await createMember(db());
    const [marked, unmarked, uncredited] = [
      await pendingOrder(member.id),
      await pendingOrder(member.id),
      await pendingOrder(member.id),
    ];
    await credit(marked, member.id);
    await store.markPromotionsEvaluated(db(), marked);
    await credit(unmarked, member.id);
    await store.settlePending(db(), uncredited, { status: 'PAID' });
    const later = new Date(Date.now() + 60_000);

    const listed = await store.unevaluatedCredits(db(), later, 1_000);
    expect(listed).toContain(unmarked);
    expect(listed).not.toContain(marked);
    expect(listed).not.toContain(uncredited);
    // Credited after the cut-off: left to the node that credited it.
    expect(await store.unevaluatedCredits(db(), new Date(Date.now() - 60_000), 1_000)).not.toContain(
      unmarked,
    );
  });
});
