import { VENDOR_REPLAY_HEADER, VendorTransactionResponseSchema } from '@fortuna/contracts/vendor-protocol';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { fund } from '../../test/wallet-fixtures.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { testLedger } from '../ledger/ledger.test-helpers.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import {
  newTxnId,
  playerAt,
  protocolRowCounts,
  roundOf,
  testVendor,
  vendorCall,
} from './vendors.test-helpers.ts';

describeEachDatabase('vendor protocol: rounds, retries and ordering faults', (database) => {
  let app: FastifyInstance;
  let ledger: LedgerService;
  beforeAll(async () => {
    app = await buildTestApp(database());
    ledger = testLedger(database().db);
  });
  afterAll(async () => {
    expect(await reconcile(database().db)).toEqual({ ok: true, problems: [] });
    await app.close();
  });

  /** A vendor, a member with `openingMinor`, and calls of one round of that member. */
  async function round(openingMinor = 100_000n) {
    const db = database().db;
    const vendor = await testVendor(db);
    const member = await createMember(db);
    if (openingMinor > 0n) await fund(ledger, member.id, openingMinor);
    const playerId = await playerAt(db, vendor.code, member.id);
    const roundId = newTxnId('r');
    const base = { playerId, roundId, gameCode: 'slot-1' };
    const send = (call: 'debit' | 'credit', amountMinor: string, transactionId = newTxnId()) =>
      vendorCall(app, vendor.code, call, { ...base, transactionId, amountMinor });
    const rollback = (refTransactionId: string, transactionId = newTxnId()) =>
      vendorCall(app, vendor.code, 'rollback', { ...base, transactionId, refTransactionId });
    const balance = () => ledger.mainBalanceOf(member.id);
    const record = () => roundOf(db, vendor.code, roundId);
    const vendorBalance = () => ledger.vendorOwnBalanceOf(vendor.code);
    return { db, vendor, member, playerId, roundId, send, rollback, balance, record, vendorBalance };
  }

  it('when a bet is debited and its win credited, then the balances move exactly and the round is settled with stake, payout and valid bet', async () => {
    const game = await round();
    const bet = await game.send('debit', '2500', 'bet-1');
    expect(bet.status).toBe(200);
    expect(VendorTransactionResponseSchema.parse(bet.body).value).toMatchObject({
      transactionId: 'bet-1',
      playerId: game.playerId,
      roundId: game.roundId,
      amountMinor: '2500',
      balanceMinor: '97500',
      currency: 'PHP',
    });
    expect(await game.record()).toMatchObject({ status: 'OPEN', stake: '2500', payout: '0', valid_bet: '0' });
    const win = await game.send('credit', '6000');
    expect(win.body.value.balanceMinor).toBe('103500');
    expect(await game.balance()).toBe(103_500n);
    expect(await game.vendorBalance()).toBe(-3_500n);
    expect(await game.record()).toMatchObject({
      status: 'SETTLED',
      stake: '2500',
      payout: '6000',
      valid_bet: '2500',
      settled: true,
    });
  });

  it('when a round takes several bets, then its stake is their sum, and a zero credit settles it as lost with no posting', async () => {
    const game = await round();
    await game.send('debit', '1000');
    await game.send('debit', '1500');
    const lost = await game.send('credit', '0');
    expect(lost.body.value).toMatchObject({ amountMinor: '0', balanceMinor: '97500' });
    expect(await game.record()).toMatchObject({
      status: 'SETTLED',
      stake: '2500',
      payout: '0',
      valid_bet: '2500',
    });
    expect(await protocolRowCounts(game.db, game.vendor.code)).toEqual({
      transactions: 3,
      rounds: 1,
      postings: 2,
    });
  });

  it('when the same debit is delivered again, then the first answer is repeated (marked as a replay) and the money moves once', async () => {
    const game = await round();
    const first = await game.send('debit', '700', 'dup-1');
    const again = await game.send('debit', '700', 'dup-1');
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(again.headers[VENDOR_REPLAY_HEADER]).toBe('true');
    expect(first.headers[VENDOR_REPLAY_HEADER]).toBeUndefined();
    expect(await game.balance()).toBe(99_300n);
    expect(await game.record()).toMatchObject({ stake: '700' });
  });

  it('when a transaction id comes again with another amount or as another kind of call, then it is a conflict and nothing moves', async () => {
    const game = await round();
    await game.send('debit', '700', 'same-id');
    const otherAmount = await game.send('debit', '701', 'same-id');
    expect([otherAmount.status, otherAmount.body.code]).toEqual([409, 'TRANSACTION_CONFLICT']);
    const asCredit = await game.send('credit', '700', 'same-id');
    expect(asCredit.body.code).toBe('TRANSACTION_CONFLICT');
    expect(await game.balance()).toBe(99_300n);
    expect(await protocolRowCounts(game.db, game.vendor.code)).toEqual({
      transactions: 1,
      rounds: 1,
      postings: 1,
    });
  });

  it('when the balance does not cover a bet, then it is refused as insufficient funds, nothing is written and the id can be used once funded', async () => {
    const game = await round(500n);
    const refused = await game.send('debit', '501', 'short-1');
    expect([refused.status, refused.body.code]).toEqual([409, 'INSUFFICIENT_FUNDS']);
    expect(await protocolRowCounts(game.db, game.vendor.code)).toEqual({
      transactions: 0,
      rounds: 0,
      postings: 0,
    });
    await fund(ledger, game.member.id, 1n);
    expect((await game.send('debit', '501', 'short-1')).body.value.balanceMinor).toBe('0');
  });

  it('when a credit names a round with no debit of this player, then it is refused as an unknown round', async () => {
    const game = await round();
    const orphan = await game.send('credit', '100');
    expect([orphan.status, orphan.body.code]).toEqual([404, 'ROUND_NOT_FOUND']);
    expect(await protocolRowCounts(game.db, game.vendor.code)).toEqual({
      transactions: 0,
      rounds: 0,
      postings: 0,
    });
  });

  it('when a debit is rolled back, then the stake comes back, the round is cancelled and a credit or a new bet after it is refused', async () => {
    const game = await round();
    await game.send('debit', '4000', 'bet-x');
    const refund = await game.rollback('bet-x', 'rb-x');
    expect(refund.body.value).toMatchObject({
      transactionId: 'rb-x',
      amountMinor: '4000',
      balanceMinor: '100000',
    });
    expect(await game.record()).toMatchObject({ status: 'CANCELLED', stake: '0', valid_bet: '0' });
    const late = await game.send('credit', '9000');
    expect([late.status, late.body.code]).toEqual([409, 'ROUND_CANCELLED']);
    const newBet = await game.send('debit', '500');
    expect([newBet.status, newBet.body.code]).toEqual([409, 'ROUND_CANCELLED']);
    expect(await protocolRowCounts(game.db, game.vendor.code)).toEqual({
      transactions: 2,
      rounds: 1,
      postings: 2,
    });
    const retriedBet = await game.send('debit', '4000', 'bet-x');
    expect(retriedBet.body.code).toBe('TRANSACTION_ROLLED_BACK');
    expect((await game.rollback('bet-x', 'rb-x')).text).toBe(refund.text);
    expect((await game.rollback('bet-x', 'rb-y')).body.value.amountMinor).toBe('0');
    expect(await game.balance()).toBe(100_000n);
    expect(await game.vendorBalance()).toBe(0n);
  });

  it('when one of two bets is rolled back, then the round stays open with the other stake and can still be won', async () => {
    const game = await round();
    await game.send('debit', '1000', 'b1');
    await game.send('debit', '2000', 'b2');
    await game.rollback('b1');
    expect(await game.record()).toMatchObject({ status: 'OPEN', stake: '2000' });
    await game.send('credit', '5000');
    expect(await game.record()).toMatchObject({
      status: 'SETTLED',
      stake: '2000',
      payout: '5000',
      valid_bet: '2000',
    });
    expect(await game.balance()).toBe(103_000n);
  });

  it('when a rollback arrives before its debit, then it is recorded with nothing refunded and the late debit is refused', async () => {
    const game = await round();
    const early = await game.rollback('never-seen', 'rb-early');
    expect(early.status).toBe(200);
    expect(early.body.value).toMatchObject({ amountMinor: '0', balanceMinor: '100000' });
    const late = await game.send('debit', '3000', 'never-seen');
    expect([late.status, late.body.code]).toEqual([409, 'TRANSACTION_ROLLED_BACK']);
    expect(await game.balance()).toBe(100_000n);
    expect(await game.record()).toBeUndefined();
  });

  it('when a settled round gets another debit or a rollback, then both are refused as the round is closed', async () => {
    const game = await round();
    await game.send('debit', '1000', 'c1');
    await game.send('credit', '0');
    expect((await game.send('debit', '1000')).body.code).toBe('ROUND_CLOSED');
    const refund = await game.rollback('c1');
    expect([refund.status, refund.body.code]).toEqual([409, 'ROUND_CLOSED']);
    expect(await game.balance()).toBe(99_000n);
    expect(await protocolRowCounts(game.db, game.vendor.code)).toEqual({
      transactions: 2,
      rounds: 1,
      postings: 1,
    });
  });

  it("when a rollback names a credit, or another round's debit, then it is a conflict and nothing moves", async () => {
    const game = await round();
    await game.send('debit', '1000', 'd1');
    await game.send('credit', '300', 'w1');
    expect((await game.rollback('w1')).body.code).toBe('TRANSACTION_CONFLICT');
    const other = await round();
    await other.send('debit', '1000', 'd-other');
    const sameVendorOtherRound = await vendorCall(app, other.vendor.code, 'rollback', {
      playerId: other.playerId,
      roundId: 'another-round',
      gameCode: 'slot-1',
      transactionId: newTxnId(),
      refTransactionId: 'd-other',
    });
    expect(sameVendorOtherRound.body.code).toBe('TRANSACTION_CONFLICT');
    expect(await other.balance()).toBe(99_000n);
  });
});
