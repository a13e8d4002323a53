import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeOnPostgres } from '../../test/databases.ts';
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

describeOnPostgres('bonus grants under concurrency', (database) => {
  const db = () => database().db;

  it('when 50 first deposits are credited at once on a budget for 10 bonuses, then exactly 10 are granted and the budget is spent to the unit', async () => {
    // 100% capped at 100.00 on deposits of 100.00: each bonus is 100.00, the budget 1,000.00.
    const promotion = await onlyPromotion(db(), {
      budgetMinor: 100_000n,
      terms: {
        reward: { kind: 'PERCENT', percentBp: 10_000, capMinor: '10000' },
        wagering: {
          multiplier: 1,
          includesDeposit: false,
          weightsPercent: { RNG: 100 },
          maxStakeMinor: null,
        },
      },
    });
    const { ledger, promotions } = testPromotions(db());
    const members = await Promise.all(Array.from({ length: 50 }, () => createMember(db())));
    const outcomes = await Promise.all(
      members.map((member) =>
        creditDeposit(db(), ledger, promotions, { memberId: member.id, amountMinor: 10_000n, first: true }),
      ),
    );
    expect(outcomes.filter((grants) => grants.length === 1)).toHaveLength(10);
    const result = (await db().execute(sql`
      select (select spent_minor::text from promotions where id = ${promotion.id}) as spent,
             (select count(*)::int from bonus_grants where promotion_id = ${promotion.id}) as grants,
             (select coalesce(sum(balance_minor), 0)::text from ledger_accounts where kind = 'MEMBER_BONUS'
                 and member_id in (select member_id from bonus_grants where promotion_id = ${promotion.id})) as bonus
    `)) as unknown as { rows: { spent: string; grants: number; bonus: string }[] };
    expect(result.rows[0]).toEqual({ spent: '100000', grants: 10, bonus: '100000' });
    expect((await reconcile(db())).problems).toEqual([]);
  });

  it('when one member’s two first deposits are credited at once, then one bonus is granted', async () => {
    const promotion = await onlyPromotion(db());
    const { ledger, promotions } = testPromotions(db());
    const member = await createMember(db());
    const outcomes = await Promise.all(
      [1, 2].map(() =>
        creditDeposit(db(), ledger, promotions, { memberId: member.id, amountMinor: 60_000n, first: true }),
      ),
    );
    expect(outcomes.flat()).toHaveLength(1);
    const result = (await db().execute(
      sql`select count(*)::int as grants from bonus_grants where promotion_id = ${promotion.id}`,
    )) as unknown as { rows: { grants: number }[] };
    expect(result.rows[0]?.grants).toBe(1);
  });

  it('when two nodes run the wagering job at once over a met grant, then it is released once, and only one run counts it', async () => {
    await onlyPromotion(db(), {
      terms: { ...TEST_TERMS, wagering: { ...TEST_TERMS.wagering, multiplier: 1, includesDeposit: false } },
    });
    const { ledger, promotions } = testPromotions(db());
    const member = await createMember(db());
    await creditDeposit(db(), ledger, promotions, { memberId: member.id, amountMinor: 10_000n, first: true });
    // Two stakes at the terms' maximum (50.00) meet the 100.00 requirement.
    for (const _ of [1, 2])
      await recordRound(db(), { memberId: member.id, category: 'RNG', stakeMinor: 5_000n });
    const nodes = [testPromotions(db()).promotions, testPromotions(db()).promotions];
    const counts = await Promise.all(nodes.map((node) => node.followAll()));
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await balanceByKind(db(), member.id, 'MEMBER_MAIN')).toBe(20_000n);
    expect(await balanceByKind(db(), member.id, 'MEMBER_BONUS')).toBe(0n);
    expect((await reconcile(db())).problems).toEqual([]);
  });
});
