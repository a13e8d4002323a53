import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import { createPromotionOps } from './promotion-ops.ts';
import {
  balanceByKind,
  creditDeposit,
  onlyPromotion,
  TEST_TERMS,
  testPromotions,
} from './promotions.test-helpers.ts';

/**
 * Each node keeps a copy of the running promotions (ADR 052). These tests leave node B's copy
 * stale on purpose (no change event reaches it) while node A's operator changes the promotion.
 */
describeEachDatabase('the running promotions a node keeps', (database) => {
  const db = () => database().db;
  const spentOf = async (promotionId: bigint) => {
    const result = (await db().execute(
      sql`select spent_minor::text as spent from promotions where id = ${promotionId}`,
    )) as unknown as { rows: { spent: string }[] };
    return BigInt(result.rows[0]?.spent ?? '-1');
  };
  const nodeA = () => createPromotionOps(db(), testPromotions(db()).ledger, async () => {});
  const firstDeposit = async (node: ReturnType<typeof testPromotions>, memberId: bigint) =>
    creditDeposit(db(), node.ledger, node.promotions, { memberId, amountMinor: 10_000n, first: true });

  for (const status of ['PAUSED', 'ENDED'] as const) {
    it(`when an operator on node A sets a promotion ${status}, then a deposit on node B, whose copy still has it running, is granted nothing`, async () => {
      const promotion = await onlyPromotion(db());
      const nodeB = testPromotions(db());
      // Node B reads its copy while the promotion runs, and grants from it.
      expect(await firstDeposit(nodeB, (await createMember(db())).id)).toHaveLength(1);
      const spent = await spentOf(promotion.id);

      await nodeA().setStatus(promotion.id, { status, reason: 'stale copy test' }, 'operator:1');
      const late = await createMember(db());
      expect(await firstDeposit(nodeB, late.id)).toEqual([]);
      expect(await balanceByKind(db(), late.id, 'MEMBER_BONUS')).toBe(0n);
      expect(await balanceByKind(db(), late.id, 'MEMBER_MAIN')).toBe(10_000n);
      expect(await spentOf(promotion.id)).toBe(spent);
      const grants = (await db().execute(
        sql`select count(*)::int as n from bonus_grants where member_id = ${late.id}`,
      )) as unknown as { rows: { n: number }[] };
      expect(grants.rows[0]?.n).toBe(0);
      expect((await reconcile(db())).problems).toEqual([]);
    });
  }

  it('when a promotion’s terms changed since node B read it, then node B reads it again and grants under the terms as they are now', async () => {
    const promotion = await onlyPromotion(db());
    const nodeB = testPromotions(db());
    expect(await firstDeposit(nodeB, (await createMember(db())).id)).toHaveLength(1);
    const fixed = { ...TEST_TERMS, reward: { kind: 'FIXED' as const, amountMinor: '777' } };
    await db().execute(sql`
      update promotions set terms = ${JSON.stringify(fixed)}::jsonb, version = version + 1
       where id = ${promotion.id}`);

    const member = await createMember(db());
    const [grant] = await firstDeposit(nodeB, member.id);
    expect(grant).toMatchObject({ bonusMinor: 777n, terms: fixed });
    expect(await balanceByKind(db(), member.id, 'MEMBER_BONUS')).toBe(777n);
    expect((await reconcile(db())).problems).toEqual([]);
  });

  it('when a paused promotion is resumed on node A and node B hears of it, then node B grants it again', async () => {
    const promotion = await onlyPromotion(db());
    const nodeB = testPromotions(db());
    await nodeA().setStatus(promotion.id, { status: 'PAUSED', reason: 'pause' }, 'operator:1');
    expect(await firstDeposit(nodeB, (await createMember(db())).id)).toEqual([]);
    await nodeA().setStatus(promotion.id, { status: 'ACTIVE', reason: 'resume' }, 'operator:1');
    // Node B's copy (read while paused) lacks it until the change event arrives.
    await nodeB.promotions.promotionsChanged();
    expect(await firstDeposit(nodeB, (await createMember(db())).id)).toHaveLength(1);
  });
});
