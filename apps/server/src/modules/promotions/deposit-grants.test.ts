import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { seedDepositChannels } from '../../seed/deposit-channels.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { heldAfterAnswer } from '../../test/held-after-answer.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { findOrder } from '../deposit/deposit.store.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import { depositsWithPromotions, grantsOf } from './deposit-grants.test-helpers.ts';
import { balanceByKind, onlyPromotion, postingsUnder } from './promotions.test-helpers.ts';

const LATER = () => new Date(Date.now() + 60_000);

/** ADR 078: a deposit's promotions are granted after its credit commits, exactly once. */
describeEachDatabase('the first-deposit bonus granted after the deposit commits', (database) => {
  const db = () => database().db;

  /** A member's approved first deposit of 1,000.00 whose evaluation the test holds (a node that died before it). */
  async function creditedNotEvaluated() {
    await seedDepositChannels(db());
    const promotion = await onlyPromotion(db());
    const held = heldAfterAnswer();
    const deposits = depositsWithPromotions(db(), held);
    const member = await createMember(db());
    const orderNo = await deposits.order(member.id);
    await deposits.approve(orderNo);
    return { promotion, held, deposits, member, orderNo };
  }

  it('when a deposit is approved, then the approval commits the credit without a grant, and the grant follows once the node evaluates it', async () => {
    const { promotion, held, member, orderNo } = await creditedNotEvaluated();
    expect(held.labels()).toEqual([`promotions of deposit ${orderNo}`]);
    expect(await balanceByKind(db(), member.id, 'MEMBER_MAIN')).toBe(100_000n);
    expect(await grantsOf(db(), promotion.id)).toEqual([]);
    expect(await balanceByKind(db(), member.id, 'MEMBER_BONUS')).toBe(0n);
    expect((await findOrder(db(), orderNo))?.promotionsEvaluatedAt).toBeNull();

    await held.release();
    expect(await grantsOf(db(), promotion.id)).toEqual([{ member: String(member.id), source: orderNo }]);
    // 100% up to 1,000.00 (TEST_TERMS) of 1,000.00.
    expect(await balanceByKind(db(), member.id, 'MEMBER_BONUS')).toBe(100_000n);
    expect((await findOrder(db(), orderNo))?.promotionsEvaluatedAt).toBeInstanceOf(Date);
    expect((await reconcile(db())).problems).toEqual([]);
  });

  it('when the node’s evaluation and a sweep race for the same deposit, then it is granted once', async () => {
    const { promotion, held, deposits, member, orderNo } = await creditedNotEvaluated();
    await Promise.all([
      held.release(),
      deposits.evaluations.evaluate(orderNo),
      deposits.evaluations.sweep(LATER()),
    ]);
    expect(await grantsOf(db(), promotion.id)).toEqual([{ member: String(member.id), source: orderNo }]);
    expect(await balanceByKind(db(), member.id, 'MEMBER_BONUS')).toBe(100_000n);
    expect((await reconcile(db())).problems).toEqual([]);
  });

  it('when the node never evaluated a credited deposit, then the sweep leaves it within the grace and grants it once after', async () => {
    const { promotion, deposits, member, orderNo } = await creditedNotEvaluated();
    expect(await deposits.evaluations.sweep(new Date())).toBe(0);
    expect(await grantsOf(db(), promotion.id)).toEqual([]);

    expect(await deposits.evaluations.sweep(LATER())).toBe(1);
    expect(await deposits.evaluations.sweep(LATER())).toBe(0);
    expect(await deposits.evaluations.evaluate(orderNo)).toBe(0);
    expect(await grantsOf(db(), promotion.id)).toEqual([{ member: String(member.id), source: orderNo }]);
  });

  it('when one deposit’s grants fail in a sweep, then the other deposits are granted, the pass names the failed one, and a later pass grants it', async () => {
    await seedDepositChannels(db());
    const promotion = await onlyPromotion(db());
    const failing = new Set<string>();
    const deposits = depositsWithPromotions(db(), heldAfterAnswer(), failing);
    const [broken, fine] = [await createMember(db()), await createMember(db())];
    const brokenOrder = await deposits.order(broken.id);
    const fineOrder = await deposits.order(fine.id);
    await deposits.approve(brokenOrder);
    await deposits.approve(fineOrder);
    failing.add(brokenOrder);

    await expect(deposits.evaluations.sweep(LATER())).rejects.toThrow(brokenOrder);
    expect(await grantsOf(db(), promotion.id)).toEqual([{ member: String(fine.id), source: fineOrder }]);
    expect((await findOrder(db(), brokenOrder))?.promotionsEvaluatedAt).toBeNull();

    failing.clear();
    expect(await deposits.evaluations.sweep(LATER())).toBe(1);
    expect(await grantsOf(db(), promotion.id)).toEqual([
      { member: String(fine.id), source: fineOrder },
      { member: String(broken.id), source: brokenOrder },
    ]);
    expect((await reconcile(db())).problems).toEqual([]);
  });

  it('when deposits were credited before the change (the migration marks them), then the sweep grants them nothing', async () => {
    const { promotion, deposits, orderNo } = await creditedNotEvaluated();
    const migration = await readFile(
      new URL('../../db/migrations/0047_deposit_promotions_evaluated.sql', import.meta.url),
      'utf8',
    );
    const marking = migration.split('--> statement-breakpoint').at(-1) ?? '';
    expect(marking).toContain('UPDATE "deposit_orders"');
    await db().execute(sql.raw(marking));

    expect(await deposits.evaluations.sweep(LATER())).toBe(0);
    expect(await grantsOf(db(), promotion.id)).toEqual([]);
    expect(await postingsUnder(db(), `deposit:${orderNo}`)).toBe(1);
  });

  it('when a first deposit is evaluated only after the member’s second was, then the first is still the first deposit and the second is not', async () => {
    const { promotion, deposits, member, orderNo } = await creditedNotEvaluated();
    const second = await deposits.order(member.id);
    await deposits.approve(second);
    await deposits.evaluations.evaluate(second);
    expect(await grantsOf(db(), promotion.id)).toEqual([]);

    expect(await deposits.evaluations.sweep(LATER())).toBe(1);
    expect(await grantsOf(db(), promotion.id)).toEqual([{ member: String(member.id), source: orderNo }]);
  });

  it('when a promotion starts after a deposit was credited, then a later evaluation grants nothing: the deposit is evaluated as of its credit', async () => {
    const { promotion, deposits, orderNo } = await creditedNotEvaluated();
    const creditedAt = (await findOrder(db(), orderNo))?.settledAt ?? new Date();
    await db().execute(sql`
      update promotions set starts_at = ${new Date(creditedAt.getTime() + 1).toISOString()}::timestamptz,
                            version = version + 1
       where id = ${promotion.id}`);
    // The node reads its copy of the running promotions now: the promotion runs now.
    await deposits.promotions.promotionsChanged();

    expect(await deposits.evaluations.sweep(LATER())).toBe(0);
    expect(await grantsOf(db(), promotion.id)).toEqual([]);
    expect((await findOrder(db(), orderNo))?.promotionsEvaluatedAt).toBeInstanceOf(Date);
  });
});
