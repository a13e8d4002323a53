import { PromotionOpsPaths } from '@fortuna/contracts/promotions';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { jobContextAt } from '../../platform/jobs/jobs.test-helpers.ts';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { readyOperator } from '../../test/operator-sessions.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import { newTxnId, playerAt, testVendor, vendorCall } from '../vendors/vendors.test-helpers.ts';
import { grantExpiryJob } from './grant-expiry-job.ts';
import {
  balanceByKind,
  creditDeposit,
  onlyPromotion,
  promotionsDaysLater,
  recordRound,
  testPromotions,
} from './promotions.test-helpers.ts';

// 100% up to 1,000.00; 1× the bonus; slots 100%; no maximum stake: a 100.00 slot round meets it.
const TERMS = {
  reward: { kind: 'PERCENT' as const, percentBp: 10_000, capMinor: '100000' },
  wagering: { multiplier: 1, includesDeposit: false, weightsPercent: { RNG: 100 }, maxStakeMinor: null },
};

describeEachDatabase('bonus money plays on the vendor path (ADR 059)', (database) => {
  const db = () => database().db;
  let app: FastifyInstance;
  let finance: Record<string, string>;
  beforeAll(async () => {
    app = await buildTestApp(database());
    finance = (await readyOperator(app, 'FINANCE')).headers;
    await onlyPromotion(db(), { terms: TERMS });
  });
  afterAll(async () => {
    expect(await reconcile(db())).toEqual({ ok: true, problems: [] });
    await app.close();
  });

  /** A member who deposited `depositMinor` and got the same again as bonus, and one round at a vendor. */
  async function player(depositMinor: bigint) {
    const { ledger, promotions } = testPromotions(db());
    const member = await createMember(db());
    const [grant] = await creditDeposit(db(), ledger, promotions, {
      memberId: member.id,
      amountMinor: depositMinor,
      first: true,
    });
    if (!grant) throw new Error('no grant');
    const vendor = await testVendor(db());
    const playerId = await playerAt(db(), vendor.code, member.id);
    const roundId = newTxnId('r');
    const call = (kind: 'debit' | 'credit', amountMinor: bigint, transactionId = newTxnId()) =>
      vendorCall(app, vendor.code, kind, {
        playerId,
        roundId,
        gameCode: 'slot-1',
        transactionId,
        amountMinor: amountMinor.toString(),
      });
    const rollback = (refTransactionId: string) =>
      vendorCall(app, vendor.code, 'rollback', {
        playerId,
        roundId,
        gameCode: 'slot-1',
        transactionId: newTxnId(),
        refTransactionId,
      });
    const balances = async () => ({
      main: await balanceByKind(db(), member.id, 'MEMBER_MAIN'),
      bonus: await balanceByKind(db(), member.id, 'MEMBER_BONUS'),
    });
    const house = async () => ledger.balanceOf((await ledger.systemAccount('BONUS')).id);
    const bonusStake = async () => {
      const result = (await db().execute(
        `select bonus_stake_minor::text as bonus from bet_records where vendor_code = '${vendor.code}' and round_id = '${roundId}'`,
      )) as unknown as { rows: { bonus: string }[] };
      return BigInt(result.rows[0]?.bonus ?? '-1');
    };
    return { member, grant, vendor, playerId, call, rollback, balances, house, bonusStake, promotions };
  }

  it('when a member holds 100.00 real and 100.00 bonus, then the vendor sees 200.00', async () => {
    const game = await player(10_000n);
    const answer = await vendorCall(app, game.vendor.code, 'balance', { playerId: game.playerId });
    expect(answer.status).toBe(200);
    expect(answer.body.value.balanceMinor).toBe('20000');
  });

  it('when a stake is over the real balance, then real money goes first, bonus pays the rest, the round remembers the bonus part, and a win returns in the same shares', async () => {
    const game = await player(10_000n);
    const bet = await game.call('debit', 15_000n);
    expect(bet.status).toBe(200);
    expect(bet.body.value.balanceMinor).toBe('5000');
    expect(await game.balances()).toEqual({ main: 0n, bonus: 5_000n });
    expect(await game.bonusStake()).toBe(5_000n);
    // 300.00 won on a stake a third bonus: 100.00 back to bonus, 200.00 to the main wallet.
    const win = await game.call('credit', 30_000n);
    expect(win.status).toBe(200);
    expect(win.body.value.balanceMinor).toBe('35000');
    expect(await game.balances()).toEqual({ main: 20_000n, bonus: 15_000n });
  });

  it('when a stake is within the real balance, then the bonus is untouched and the round has no bonus part', async () => {
    const game = await player(10_000n);
    expect((await game.call('debit', 10_000n)).status).toBe(200);
    expect(await game.balances()).toEqual({ main: 0n, bonus: 10_000n });
    expect(await game.bonusStake()).toBe(0n);
    await game.call('credit', 4_000n);
    expect(await game.balances()).toEqual({ main: 4_000n, bonus: 10_000n });
  });

  it('when a stake is over real plus bonus, then it is refused and nothing moves', async () => {
    const game = await player(10_000n);
    const bet = await game.call('debit', 20_001n);
    expect(bet.status).toBe(409);
    expect(bet.body.code).toBe('INSUFFICIENT_FUNDS');
    expect(await game.balances()).toEqual({ main: 10_000n, bonus: 10_000n });
  });

  it('when a split debit is repeated and then rolled back, then it moves once and the rollback gives each balance back exactly what it gave', async () => {
    const game = await player(10_000n);
    const id = newTxnId();
    expect((await game.call('debit', 12_500n, id)).status).toBe(200);
    const again = await game.call('debit', 12_500n, id);
    expect(again.status).toBe(200);
    expect(await game.balances()).toEqual({ main: 0n, bonus: 7_500n });
    const back = await game.rollback(id);
    expect(back.status).toBe(200);
    expect(back.body.value.balanceMinor).toBe('20000');
    expect(await game.balances()).toEqual({ main: 10_000n, bonus: 10_000n });
    expect(await game.bonusStake()).toBe(0n);
  });

  it('when the grant is forfeited while a bonus-funded round is open, then the win’s bonus share goes back to the house and the real share to the member', async () => {
    const game = await player(10_000n);
    await game.call('debit', 15_000n);
    const houseBefore = await game.house();
    const revoked = await app.inject({
      method: 'POST',
      url: PromotionOpsPaths.revoke.replace(':id', game.grant.id.toString()),
      headers: finance,
      payload: { reason: 'abuse check' },
    });
    expect(revoked.statusCode).toBe(200);
    // What was left of the bonus (50.00) went back at once.
    expect(await game.balances()).toEqual({ main: 0n, bonus: 0n });
    expect(await game.house()).toBe(houseBefore + 5_000n);
    await game.call('credit', 30_000n);
    expect(await game.balances()).toEqual({ main: 20_000n, bonus: 0n });
    expect(await game.house()).toBe(houseBefore + 15_000n);
  });

  it('when the grant is forfeited and a bonus-funded debit is then rolled back, then its bonus part goes to the house, not to the member', async () => {
    const game = await player(10_000n);
    const id = newTxnId();
    await game.call('debit', 15_000n, id);
    const houseBefore = await game.house();
    await app.inject({
      method: 'POST',
      url: PromotionOpsPaths.revoke.replace(':id', game.grant.id.toString()),
      headers: finance,
      payload: { reason: 'abuse check' },
    });
    expect((await game.rollback(id)).status).toBe(200);
    expect(await game.balances()).toEqual({ main: 10_000n, bonus: 0n });
    expect(await game.house()).toBe(houseBefore + 10_000n);
  });

  it('when the grant is released while a bonus-funded round is open, then the remaining bonus and the win’s bonus share go to the main wallet', async () => {
    const game = await player(10_000n);
    await game.call('debit', 15_000n);
    // Wagering met by another round (1× the bonus, slots count 100%).
    await recordRound(db(), { memberId: game.member.id, category: 'RNG', stakeMinor: 10_000n });
    await game.promotions.followMember(game.member.id);
    expect(await game.balances()).toEqual({ main: 5_000n, bonus: 0n });
    await game.call('credit', 30_000n);
    expect(await game.balances()).toEqual({ main: 35_000n, bonus: 0n });
  });

  it('when the member lost part of the bonus at play and the wagering is met, then what is left of it, not the whole bonus, is released', async () => {
    const game = await player(10_000n);
    await game.call('debit', 16_000n);
    await game.call('credit', 0n);
    expect(await game.balances()).toEqual({ main: 0n, bonus: 4_000n });
    await recordRound(db(), { memberId: game.member.id, category: 'RNG', stakeMinor: 10_000n });
    await game.promotions.followMember(game.member.id);
    expect(await game.balances()).toEqual({ main: 4_000n, bonus: 0n });
  });

  it('when the grant expires while a bonus-funded round is open, then what is left of the bonus and the win’s bonus share go to the house, the real share to the member (ADR 066)', async () => {
    await onlyPromotion(db(), { terms: { ...TERMS, expiresInDays: 3 } });
    const game = await player(10_000n);
    await game.call('debit', 15_000n);
    const houseBefore = await game.house();
    await grantExpiryJob(db(), promotionsDaysLater(db(), 4), () => '+08:00').run(jobContextAt(new Date()));
    expect(await game.balances()).toEqual({ main: 0n, bonus: 0n });
    expect(await game.house()).toBe(houseBefore + 5_000n);
    await game.call('credit', 30_000n);
    expect(await game.balances()).toEqual({ main: 20_000n, bonus: 0n });
    expect(await game.house()).toBe(houseBefore + 15_000n);
  });
});
