import { expect, it } from 'vitest';
import { seedDepositChannels } from '../../seed/deposit-channels.ts';
import { heldAfterAnswer } from '../../test/held-after-answer.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { describeOnSeveralNodes, waitUntilCompleted } from '../../test/several-nodes.ts';
import { findOrder } from '../deposit/deposit.store.ts';
import { depositPromotionsSweepJob } from '../deposit/deposit-promotions.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import { depositsWithPromotions, grantsOf } from './deposit-grants.test-helpers.ts';
import { balanceByKind, onlyPromotion, postingsUnder } from './promotions.test-helpers.ts';

const childScript = new URL('./deposit-grants-crash-node.test-helpers.ts', import.meta.url);
/** A sweep whose clock stands a minute ahead: past any credit's grace. */
const LATER = () => new Date(Date.now() + 60_000);

describeOnSeveralNodes('deposit promotions granted once across nodes (ADR 078)', (nodes) => {
  const { database } = nodes;

  async function expectGrantedOnce(promotionId: bigint, memberId: bigint, orderNo: string) {
    expect(await grantsOf(database().db, promotionId)).toEqual([
      { member: String(memberId), source: orderNo },
    ]);
    expect(await balanceByKind(database().db, memberId, 'MEMBER_BONUS')).toBe(100_000n);
    expect((await reconcile(database().db)).problems).toEqual([]);
  }

  it('when two nodes evaluate the same credited deposit at once, then it is granted once', async () => {
    await seedDepositChannels(database().db);
    const promotion = await onlyPromotion(database().db);
    const held = heldAfterAnswer();
    const first = depositsWithPromotions(database().db, held);
    const second = depositsWithPromotions(nodes.second().db);
    const member = await createMember(database().db);
    const orderNo = await first.order(member.id);
    await first.approve(orderNo);

    const granted = await Promise.all([
      first.evaluations.evaluate(orderNo),
      second.evaluations.evaluate(orderNo),
      second.evaluations.sweep(LATER()),
    ]);
    await held.release();
    expect(granted.reduce((sum, count) => sum + count, 0)).toBe(1);
    await expectGrantedOnce(promotion.id, member.id, orderNo);
  }, 60_000);

  it('when a node is SIGKILLed after the credit committed and before the grant, then another node’s sweep grants it exactly once', async () => {
    await seedDepositChannels(database().db);
    const promotion = await onlyPromotion(database().db);
    const api = depositsWithPromotions(database().db);
    const member = await createMember(database().db);
    const orderNo = await api.order(member.id);
    const crashing = nodes.startCrashingNode(childScript, { CRASH_ORDER_NO: orderNo });

    // Granted inside the open transaction: nothing of it is seen; the credit is.
    expect(await crashing.line('INSIDE')).toBe(`INSIDE ${orderNo} 1`);
    expect(await balanceByKind(database().db, member.id, 'MEMBER_MAIN')).toBe(100_000n);
    expect(await grantsOf(database().db, promotion.id)).toEqual([]);
    await crashing.kill();
    expect((await findOrder(database().db, orderNo))?.promotionsEvaluatedAt).toBeNull();

    // Another node's sweep, its clock past the credit's grace, runs twice.
    const other = depositsWithPromotions(nodes.second().db);
    const stopping = new AbortController();
    const sweep = depositPromotionsSweepJob({
      promotions: { sweep: () => other.evaluations.sweep(LATER()) },
      stopping: stopping.signal,
      runForMs: 0,
    });
    const queue = nodes.queueOn('sweeping-node', sweep, { handle: nodes.second(), workers: true });
    await queue.start();
    for (const granted of [1, 0]) {
      const run = await queue.runNow(sweep.kind);
      await waitUntilCompleted(queue, sweep.kind, run);
      expect((await queue.findJob(sweep.kind, run))?.output).toMatchObject({ granted, passes: 1 });
    }
    stopping.abort();
    await expectGrantedOnce(promotion.id, member.id, orderNo);
    expect(await postingsUnder(database().db, `deposit:${orderNo}`)).toBe(1);
  }, 90_000);
});
