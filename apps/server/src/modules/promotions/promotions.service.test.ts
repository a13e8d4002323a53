import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import {
  balanceByKind,
  creditDeposit,
  onlyPromotion,
  recordRound,
  TEST_TERMS,
  testPromotions,
} from './promotions.test-helpers.ts';

describeEachDatabase('bonus money with wagering', (database) => {
  const db = () => database().db;
  const spentOf = async (promotionId: bigint) => {
    const result = (await db().execute(
      sql`select spent_minor::text as spent from promotions where id = ${promotionId}`,
    )) as unknown as { rows: { spent: string }[] };
    return BigInt(result.rows[0]?.spent ?? '-1');
  };

  const bonusAccountsOf = async (memberId: bigint) => {
    const result = (await db().execute(
      sql`select count(*)::int as n from ledger_accounts where kind = 'MEMBER_BONUS' and member_id = ${memberId}`,
    )) as unknown as { rows: { n: number }[] };
    return result.rows[0]?.n ?? -1;
  };
  const postingsUnder = async (key: string) => {
    const result = (await db().execute(
      sql`select t.type, a.kind, e.amount_minor::text as amount
            from ledger_transactions t
            join ledger_entries e on e.transaction_id = t.id
            join ledger_accounts a on a.id = e.account_id
           where t.idempotency_key = ${key}
           order by a.kind`,
    )) as unknown as { rows: { type: string; kind: string; amount: string }[] };
    return result.rows;
  };

  it('when a first deposit is granted its bonus, then the deposit and the bonus are two balanced ledger transactions, each under its own key, the bonus from the house’s promotion expense into the bonus balance the grant opened', async () => {
    const promotion = await onlyPromotion(db());
    const { ledger, promotions } = testPromotions(db());
    const member = await createMember(db());
    const orderNo = `DKEYS-${member.id}`;
    await creditDeposit(db(), ledger, promotions, {
      memberId: member.id,
      amountMinor: 40_000n,
      first: true,
      orderNo,
    });
    expect(await postingsUnder(`deposit:${orderNo}`)).toEqual([
      { type: 'DEPOSIT', kind: 'MEMBER_MAIN', amount: '40000' },
      { type: 'DEPOSIT', kind: 'PAYMENT_CLEARING', amount: '-40000' },
    ]);
    expect(await postingsUnder(`bonus:grant:${promotion.id}:${member.id}:1`)).toEqual([
      { type: 'BONUS', kind: 'BONUS', amount: '-40000' },
      { type: 'BONUS', kind: 'MEMBER_BONUS', amount: '40000' },
    ]);
    expect(await bonusAccountsOf(member.id)).toBe(1);
    expect((await reconcile(db())).problems).toEqual([]);
  });

  it('when a member’s first deposit is credited, then 100% of it (capped) is granted into the bonus balance from the promotion budget in the same transaction, with the terms snapshotted; a second deposit grants nothing', async () => {
    const promotion = await onlyPromotion(db());
    const { ledger, promotions } = testPromotions(db());
    const member = await createMember(db());
    const [grant] = await creditDeposit(db(), ledger, promotions, {
      memberId: member.id,
      amountMinor: 60_000n,
      first: true,
    });
    expect(grant).toMatchObject({
      bonusMinor: 60_000n,
      depositMinor: 60_000n,
      // 5 × (600.00 + 600.00).
      requiredMinor: 600_000n,
      status: 'ACTIVE',
      terms: TEST_TERMS,
    });
    expect(await balanceByKind(db(), member.id, 'MEMBER_MAIN')).toBe(60_000n);
    expect(await balanceByKind(db(), member.id, 'MEMBER_BONUS')).toBe(60_000n);
    expect(await spentOf(promotion.id)).toBe(60_000n);
    expect(
      await creditDeposit(db(), ledger, promotions, {
        memberId: member.id,
        amountMinor: 60_000n,
        first: false,
      }),
    ).toEqual([]);
    // A deposit wrongly told first (two racing credits) still grants once: the per-member limit holds.
    expect(
      await creditDeposit(db(), ledger, promotions, {
        memberId: member.id,
        amountMinor: 60_000n,
        first: true,
      }),
    ).toEqual([]);
    expect(await balanceByKind(db(), member.id, 'MEMBER_BONUS')).toBe(60_000n);

    const big = await createMember(db());
    const [capped] = await creditDeposit(db(), ledger, promotions, {
      memberId: big.id,
      amountMinor: 250_000n,
      first: true,
    });
    expect(capped?.bonusMinor).toBe(100_000n);
    expect(capped?.requiredMinor).toBe(5n * 350_000n);
    expect((await reconcile(db())).problems).toEqual([]);
  });

  it('when the budget cannot cover a bonus, then nothing is granted, nothing posted, and the budget is not overdrawn', async () => {
    const promotion = await onlyPromotion(db(), { budgetMinor: 100_000n });
    const { ledger, promotions } = testPromotions(db());
    const first = await createMember(db());
    const second = await createMember(db());
    expect(
      await creditDeposit(db(), ledger, promotions, {
        memberId: first.id,
        amountMinor: 70_000n,
        first: true,
      }),
    ).toHaveLength(1);
    expect(
      await creditDeposit(db(), ledger, promotions, {
        memberId: second.id,
        amountMinor: 70_000n,
        first: true,
      }),
    ).toEqual([]);
    expect(await balanceByKind(db(), second.id, 'MEMBER_BONUS')).toBe(0n);
    expect(await balanceByKind(db(), second.id, 'MEMBER_MAIN')).toBe(70_000n);
    expect(await spentOf(promotion.id)).toBe(70_000n);
    // The grant statement opens a bonus balance only for a grant that took its budget (ADR 075).
    expect(await bonusAccountsOf(first.id)).toBe(1);
    expect(await bonusAccountsOf(second.id)).toBe(0);
    expect((await reconcile(db())).problems).toEqual([]);
  });

  it('when the member plays, then only valid bets after the grant, at their category’s weight and within the maximum stake, count; the bonus is released to the main wallet once met, and once only', async () => {
    // 100% of 100.00 with 1× bonus only: 100.00 of weighted bets release it.
    await onlyPromotion(db(), {
      terms: { ...TEST_TERMS, wagering: { ...TEST_TERMS.wagering, multiplier: 1, includesDeposit: false } },
    });
    const { ledger, promotions } = testPromotions(db());
    const member = await createMember(db());
    await recordRound(db(), {
      memberId: member.id,
      category: 'RNG',
      stakeMinor: 5_000n,
      at: new Date(Date.now() - 3_600_000),
    });
    const [grant] = await creditDeposit(db(), ledger, promotions, {
      memberId: member.id,
      amountMinor: 10_000n,
      first: true,
    });
    expect(grant?.requiredMinor).toBe(10_000n);
    await recordRound(db(), { memberId: member.id, category: 'RNG', stakeMinor: 5_000n });
    // Card games count 20%: 4,000 → 800.
    await recordRound(db(), { memberId: member.id, category: 'PVP', stakeMinor: 4_000n });
    // Sports has no weight: 0%. A stake over the maximum does not count.
    await recordRound(db(), { memberId: member.id, category: 'SPORTS', stakeMinor: 5_000n });
    await recordRound(db(), { memberId: member.id, category: 'RNG', stakeMinor: 5_001n });
    expect(await promotions.followAll()).toBe(0);
    let details = await promotions.bonusesOf(member.id, 'EN');
    expect(details.bonuses[0]).toMatchObject({
      status: 'ACTIVE',
      wageredMinor: '5800',
      requiredMinor: '10000',
    });
    expect(details.heldMinor).toBe('10000');
    expect(await balanceByKind(db(), member.id, 'MEMBER_MAIN')).toBe(10_000n);

    await recordRound(db(), { memberId: member.id, category: 'RNG', stakeMinor: 4_200n });
    expect(await promotions.followAll()).toBe(1);
    expect(await promotions.followAll()).toBe(0);
    await promotions.followMember(member.id);
    details = await promotions.bonusesOf(member.id, 'EN');
    expect(details.bonuses[0]).toMatchObject({
      status: 'RELEASED',
      wageredMinor: '10000',
      closedReason: 'WAGERING_MET',
    });
    expect(details.heldMinor).toBe('0');
    expect(await balanceByKind(db(), member.id, 'MEMBER_MAIN')).toBe(20_000n);
    expect(await balanceByKind(db(), member.id, 'MEMBER_BONUS')).toBe(0n);
    expect((await reconcile(db())).problems).toEqual([]);
  });
});
