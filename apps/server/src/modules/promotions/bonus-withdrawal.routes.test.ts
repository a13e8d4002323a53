import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import {
  addPayee,
  requestWithdrawal,
  seedWithdrawalWorld,
  withdrawingMember,
} from '../withdrawal/withdrawal.test-helpers.ts';
import { findGrant } from './promotions.store.ts';
import {
  balanceByKind,
  creditDeposit,
  onlyPromotion,
  TEST_TERMS,
  testPromotions,
} from './promotions.test-helpers.ts';

describeEachDatabase('withdrawing real money while a bonus is wagering (ADR 059)', (database) => {
  const db = () => database().db;
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database());
    await seedWithdrawalWorld(db());
  });
  afterAll(async () => {
    expect(await reconcile(db())).toEqual({ ok: true, problems: [] });
    await app.close();
  });

  /** A member with a payee, whose first deposit of 1,000.00 earned 1,000.00 of bonus under `rule`. */
  async function memberWithBonus(rule: 'FORFEIT' | 'BLOCK' | undefined) {
    await onlyPromotion(db(), { terms: { ...TEST_TERMS, ...(rule ? { withdrawalRule: rule } : {}) } });
    const member = await withdrawingMember(db(), 0n);
    const { ledger, promotions } = testPromotions(db());
    const [grant] = await creditDeposit(db(), ledger, promotions, {
      memberId: member.member.id,
      amountMinor: 100_000n,
      first: true,
    });
    if (!grant) throw new Error('no grant');
    const payeeAccountId = (await addPayee(app, member.headers)).json().value.id as string;
    const balances = async () => ({
      main: await balanceByKind(db(), member.member.id, 'MEMBER_MAIN'),
      bonus: await balanceByKind(db(), member.member.id, 'MEMBER_BONUS'),
    });
    return { ...member, grant, payeeAccountId, balances };
  }

  it('when the terms say FORFEIT and the member withdraws real money before the wagering is met, then the withdrawal goes through and the bonus goes back to the house', async () => {
    const member = await memberWithBonus('FORFEIT');
    const answer = await requestWithdrawal(app, member.headers, {
      payeeAccountId: member.payeeAccountId,
      amountMinor: '50000',
    });
    expect(answer.statusCode).toBe(200);
    expect(await member.balances()).toEqual({ main: 50_000n, bonus: 0n });
    expect(await findGrant(db(), member.grant.id)).toMatchObject({
      status: 'FORFEITED',
      closedReason: 'WITHDRAWAL',
    });
  });

  it('when the terms name no rule, then FORFEIT applies (real money is never held back by default)', async () => {
    const member = await memberWithBonus(undefined);
    const answer = await requestWithdrawal(app, member.headers, {
      payeeAccountId: member.payeeAccountId,
      amountMinor: '50000',
    });
    expect(answer.statusCode).toBe(200);
    expect((await findGrant(db(), member.grant.id))?.status).toBe('FORFEITED');
  });

  it('when the terms say BLOCK, then the withdrawal is refused naming the bonus, nothing is held and the bonus keeps wagering', async () => {
    const member = await memberWithBonus('BLOCK');
    const answer = await requestWithdrawal(app, member.headers, {
      payeeAccountId: member.payeeAccountId,
      amountMinor: '50000',
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().code).toBe('BONUS_WAGERING_UNMET');
    expect(await member.balances()).toEqual({ main: 100_000n, bonus: 100_000n });
    expect((await findGrant(db(), member.grant.id))?.status).toBe('ACTIVE');
  });

  it('when the member asks to withdraw more than the real money, then bonus money is not withdrawn: refused, and the bonus is not forfeited either', async () => {
    const member = await memberWithBonus('FORFEIT');
    const answer = await requestWithdrawal(app, member.headers, {
      payeeAccountId: member.payeeAccountId,
      amountMinor: '150000',
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().code).toBe('INSUFFICIENT_FUNDS');
    expect(await member.balances()).toEqual({ main: 100_000n, bonus: 100_000n });
    expect((await findGrant(db(), member.grant.id))?.status).toBe('ACTIVE');
  });
});
