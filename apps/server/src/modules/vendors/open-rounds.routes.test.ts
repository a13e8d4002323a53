import { OpsRoundPaths } from '@fortuna/contracts/ops-rounds';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, opsHeaders } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { bearer, createMember } from '../../test/identity-fixtures.ts';
import { fund } from '../../test/wallet-fixtures.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { testLedger, writtenUnder } from '../ledger/ledger.test-helpers.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import { auditLog } from '../operators/operators.schema.ts';
import {
  operatorToken,
  seedWithdrawalWorld,
  supportOperatorHeaders,
} from '../withdrawal/withdrawal.test-helpers.ts';
import { roundRefundKeyOf } from './open-rounds.service.ts';
import {
  ageRound,
  newTxnId,
  playerAt,
  protocolRowCounts,
  roundOf,
  testVendor,
  vendorCall,
} from './vendors.test-helpers.ts';

const OPENING = 100_000n;
const WHY = { note: 'vendor lost its outbox, INC-77' };

describeEachDatabase('operator refund of rounds a vendor left open', (database) => {
  let app: FastifyInstance;
  let ledger: LedgerService;
  let finance: Record<string, string>;
  beforeAll(async () => {
    await seedWithdrawalWorld(database().db);
    app = await buildTestApp(database());
    ledger = testLedger(database().db);
    finance = bearer(await operatorToken(app, 'finance01'));
  });
  afterAll(async () => {
    expect(await reconcile(database().db)).toEqual({ ok: true, problems: [] });
    await app.close();
  });

  /** A vendor of its own and a funded member, with calls of one round of that member. */
  async function game() {
    const db = database().db;
    const vendor = await testVendor(db);
    const member = await createMember(db);
    await fund(ledger, member.id, OPENING);
    const playerId = await playerAt(db, vendor.code, member.id);
    const roundId = newTxnId('r');
    const base = { playerId, roundId, gameCode: 'slot-1' };
    const send = (call: 'debit' | 'credit', amountMinor: string, transactionId = newTxnId()) =>
      vendorCall(app, vendor.code, call, { ...base, transactionId, amountMinor });
    const rollback = (refTransactionId: string) =>
      vendorCall(app, vendor.code, 'rollback', { ...base, transactionId: newTxnId(), refTransactionId });
    const vendorBalance = () => ledger.vendorOwnBalanceOf(vendor.code);
    return {
      db,
      vendor,
      member,
      playerId,
      roundId,
      send,
      rollback,
      vendorBalance,
      balance: () => ledger.mainBalanceOf(member.id),
      record: () => roundOf(db, vendor.code, roundId),
      age: (minutes: number) => ageRound(db, vendor.code, roundId, minutes),
      written: () => protocolRowCounts(db, vendor.code),
    };
  }

  const refund = (id: string, payload: Record<string, unknown> = WHY, headers = finance) =>
    app.inject({ method: 'POST', url: OpsRoundPaths.refund.replace(':id', id), headers, payload });
  const list = (query: string, headers = finance) =>
    app.inject({ method: 'GET', url: `${OpsRoundPaths.open}?${query}`, headers });
  const refundAudits = async (id: string) =>
    database()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'round.refund'), eq(auditLog.targetId, id)));
  const fieldsOf = (answer: { json(): { value: { issues: { field: string }[] } } }) =>
    answer.json().value.issues.map((issue) => issue.field);

  it('when FINANCE lists open rounds, then only OPEN rounds older than the age asked are listed, oldest first, with member and stake, and paged', async () => {
    const first = await game();
    await first.send('debit', '2500');
    const firstId = await first.age(120);
    const db = database().db;
    const vendor = first.vendor.code;
    const other = await createMember(db);
    await fund(ledger, other.id, OPENING);
    const otherPlayer = await playerAt(db, vendor, other.id);
    const bet = (roundId: string) =>
      vendorCall(app, vendor, 'debit', {
        playerId: otherPlayer,
        roundId,
        gameCode: 'slot-2',
        transactionId: newTxnId(),
        amountMinor: '700',
      });
    await bet('second');
    const secondId = await ageRound(db, vendor, 'second', 90);
    await bet('young');
    await ageRound(db, vendor, 'young', 30);
    await bet('settled');
    await ageRound(db, vendor, 'settled', 200);
    await vendorCall(app, vendor, 'credit', {
      playerId: otherPlayer,
      roundId: 'settled',
      gameCode: 'slot-2',
      transactionId: newTxnId(),
      amountMinor: '0',
    });

    const answer = await list(`vendor=${vendor}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().value).toMatchObject({ page: 1, pageSize: 20, total: 2 });
    expect(answer.json().value.rounds).toEqual([
      {
        id: firstId,
        vendor,
        memberId: first.member.id.toString(),
        username: first.member.username,
        gameCode: 'slot-1',
        roundId: first.roundId,
        stakeMinor: '2500',
        status: 'OPEN',
        openedAt: expect.any(String),
        settlesAt: null,
        closedAt: null,
      },
      expect.objectContaining({ id: secondId, username: other.username, stakeMinor: '700' }),
    ]);
    const younger = (await list(`vendor=${vendor}&olderThanMinutes=20`)).json().value;
    expect(younger.total).toBe(3);
    const paged = (await list(`vendor=${vendor}&olderThanMinutes=20&page=2&pageSize=2`)).json().value;
    expect([paged.total, paged.rounds.map((round: { roundId: string }) => round.roundId)]).toEqual([
      3,
      ['young'],
    ]);
    expect((await list(`vendor=${vendor}`, opsHeaders)).statusCode).toBe(200);
  });

  it('when the age, paging or vendor is not valid, then 400 naming the field; SUPPORT gets 403 and no token 401', async () => {
    for (const [query, field] of [
      ['olderThanMinutes=-1', 'query.olderThanMinutes'],
      ['olderThanMinutes=soon', 'query.olderThanMinutes'],
      ['olderThanMinutes=1.5', 'query.olderThanMinutes'],
      ['olderThanMinutes=100000', 'query.olderThanMinutes'],
      ['page=0', 'query.page'],
      ['pageSize=101', 'query.pageSize'],
      ['vendor=not%20a%20code', 'query.vendor'],
    ]) {
      const refused = await list(query ?? '');
      expect([refused.statusCode, fieldsOf(refused)]).toEqual([400, [field]]);
    }
    expect((await list('', await supportOperatorHeaders(app))).statusCode).toBe(403);
    expect((await list('', {})).statusCode).toBe(401);
  });

  it('when FINANCE refunds an old open round, then its whole stake goes back to the main wallet once, the round is CANCELLED and the refund is audited with the note', async () => {
    const round = await game();
    await round.send('debit', '2500');
    await round.send('debit', '1000');
    const id = await round.age(11);
    const vendorBefore = await round.vendorBalance();

    const answer = await refund(id, { note: '  vendor lost its outbox, INC-77  ' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().value).toMatchObject({
      id,
      roundId: round.roundId,
      status: 'CANCELLED',
      stakeMinor: '0',
      refundedMinor: '3500',
      closedAt: expect.any(String),
    });
    expect(await round.balance()).toBe(OPENING);
    expect(await round.vendorBalance()).toBe(vendorBefore - 3500n);
    expect(await round.record()).toMatchObject({
      status: 'CANCELLED',
      stake: '0',
      valid_bet: '0',
      settled: true,
    });
    expect(await writtenUnder(database().db, roundRefundKeyOf(BigInt(id)))).toEqual({
      transactions: 1,
      entries: 2,
    });
    const audits = await refundAudits(id);
    expect(audits.map((audit) => [audit.actor, audit.details])).toEqual([
      [
        expect.stringMatching(/^operator:\d+$/),
        expect.objectContaining({ refundedMinor: '3500', note: 'vendor lost its outbox, INC-77' }),
      ],
    ]);

    const again = await refund(id);
    expect([again.statusCode, again.json().code]).toEqual([409, 'ROUND_NOT_OPEN']);
    expect(await round.balance()).toBe(OPENING);
    expect(await refundAudits(id)).toHaveLength(1);
  });

  it('when the vendor calls about a round after its refund, then a credit and a new debit are refused as for a cancelled round and a rollback of its debit answers 0: no money moves', async () => {
    const round = await game();
    const debit = 'late-debit-1';
    await round.send('debit', '4000', debit);
    const id = await round.age(30);
    expect((await refund(id)).statusCode).toBe(200);
    const written = await round.written();
    const vendorAfterRefund = await round.vendorBalance();

    const credit = await round.send('credit', '9000');
    expect([credit.status, credit.body.code]).toEqual([409, 'ROUND_CANCELLED']);
    const bet = await round.send('debit', '500');
    expect([bet.status, bet.body.code]).toEqual([409, 'ROUND_CANCELLED']);
    const rollback = await round.rollback(debit);
    expect([rollback.status, rollback.body.code, rollback.body.value.amountMinor]).toEqual([200, 'OK', '0']);
    expect(rollback.body.value.balanceMinor).toBe(OPENING.toString());

    expect(await round.balance()).toBe(OPENING);
    expect(await round.vendorBalance()).toBe(vendorAfterRefund);
    // The rollback's own id is recorded with its answer (so a repeat gets it again); nothing posted.
    expect(await round.written()).toEqual({ ...written, transactions: written.transactions + 1 });
    expect(await round.record()).toMatchObject({ status: 'CANCELLED', stake: '0' });
  });

  it('when the round opened less than 10 minutes ago, then 409 ROUND_TOO_RECENT and nothing is written', async () => {
    const round = await game();
    await round.send('debit', '2500');
    for (const minutes of [0, 9]) {
      const id = await round.age(minutes);
      const refused = await refund(id);
      expect([refused.statusCode, refused.json().code]).toEqual([409, 'ROUND_TOO_RECENT']);
      expect(await refundAudits(id)).toEqual([]);
      expect(await writtenUnder(database().db, roundRefundKeyOf(BigInt(id)))).toEqual({
        transactions: 0,
        entries: 0,
      });
    }
    expect(await round.balance()).toBe(OPENING - 2500n);
    expect(await round.record()).toMatchObject({ status: 'OPEN', stake: '2500' });
  });

  it('when a long-open round (a lottery ticket) waits for its draw, then it is neither listed nor refundable until it is 10 minutes late, however long ago it opened', async () => {
    const round = await game();
    const inTwoHours = new Date(Date.now() + 2 * 3_600_000);
    inTwoHours.setUTCMilliseconds(0);
    const debit = newTxnId();
    const ticket = { playerId: round.playerId };
    const bet = await vendorCall(app, round.vendor.code, 'debit', {
      ...ticket,
      roundId: round.roundId,
      gameCode: 'keno-1m',
      transactionId: debit,
      amountMinor: '2500',
      settlesAt: inTwoHours.toISOString().replace('.000Z', 'Z'),
    });
    expect([bet.status, bet.body.code]).toEqual([200, 'OK']);
    const id = await round.age(24 * 60);
    const dueMinutesAgo = async (minutes: number) =>
      round.db.execute(
        sql`update bet_records set settles_at = now() - make_interval(mins => ${minutes}::int) where id = ${id}::bigint`,
      );
    const listed = async () =>
      (await list(`vendor=${round.vendor.code}&olderThanMinutes=10`))
        .json()
        .value.rounds.map((open: { id: string }) => open.id);

    expect(await listed()).toEqual([]);
    let refused = await refund(id);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'ROUND_TOO_RECENT']);
    expect(refused.json().message).toContain('settles at');
    await dueMinutesAgo(9);
    expect(await listed()).toEqual([]);
    refused = await refund(id);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'ROUND_TOO_RECENT']);
    expect(await round.balance()).toBe(OPENING - 2500n);
    expect(await refundAudits(id)).toEqual([]);

    await dueMinutesAgo(11);
    const late = (await list(`vendor=${round.vendor.code}&olderThanMinutes=10`)).json().value.rounds;
    expect(late).toEqual([
      expect.objectContaining({ id, settlesAt: expect.any(String), stakeMinor: '2500' }),
    ]);
    expect((await refund(id)).statusCode).toBe(200);
    expect(await round.balance()).toBe(OPENING);
  });

  it('when a debit names a bad settlesAt, then 400 naming body.settlesAt and nothing is written; the same id with another settlesAt is a conflict', async () => {
    const round = await game();
    const { playerId } = round;
    const written = await round.written();
    const far = new Date(Date.now() + 40 * 86_400_000).toISOString();
    for (const settlesAt of [
      'tomorrow',
      '2027-02-30T10:00:00Z',
      '2027-01-01T10:00:00+07:00',
      far,
      1767225600,
      '2027-01-01T10:00:00Z\u0000',
      'x'.repeat(5000),
    ]) {
      const refused = await vendorCall(app, round.vendor.code, 'debit', {
        playerId,
        roundId: round.roundId,
        gameCode: 'keno-1m',
        transactionId: newTxnId(),
        amountMinor: '100',
        settlesAt,
      });
      expect([
        refused.status,
        refused.body.code,
        [...new Set(refused.body.value.issues.map((issue: { field: string }) => issue.field))],
      ]).toEqual([400, 'VALIDATION_FAILED', ['body.settlesAt']]);
    }
    expect(await round.written()).toEqual(written);
    expect(await round.balance()).toBe(OPENING);

    const soon = new Date(Date.now() + 3_600_000).toISOString();
    const later = new Date(Date.now() + 7_200_000).toISOString();
    const body = {
      playerId,
      roundId: round.roundId,
      gameCode: 'keno-1m',
      transactionId: newTxnId(),
      amountMinor: '100',
    };
    expect((await vendorCall(app, round.vendor.code, 'debit', { ...body, settlesAt: soon })).status).toBe(
      200,
    );
    const again = await vendorCall(app, round.vendor.code, 'debit', { ...body, settlesAt: soon });
    expect([again.status, again.body.value.amountMinor]).toEqual([200, '100']);
    const other = await vendorCall(app, round.vendor.code, 'debit', { ...body, settlesAt: later });
    expect([other.status, other.body.code]).toEqual([409, 'TRANSACTION_CONFLICT']);
    expect(await round.balance()).toBe(OPENING - 100n);
  });

  it('when the round was settled or rolled back by the vendor, then 409 ROUND_NOT_OPEN and nothing moves', async () => {
    const settled = await game();
    await settled.send('debit', '2500');
    await settled.send('credit', '0');
    const rolledBack = await game();
    const debit = newTxnId();
    await rolledBack.send('debit', '2500', debit);
    await rolledBack.rollback(debit);
    for (const round of [settled, rolledBack]) {
      const id = await round.age(60);
      const balance = await round.balance();
      const refused = await refund(id);
      expect([refused.statusCode, refused.json().code]).toEqual([409, 'ROUND_NOT_OPEN']);
      expect(await round.balance()).toBe(balance);
      expect(await refundAudits(id)).toEqual([]);
    }
  });

  it('when the id or the note is not valid, then 400 naming the field; an unknown round 404; SUPPORT 403 and no token 401; nothing moves', async () => {
    const round = await game();
    await round.send('debit', '2500');
    const id = await round.age(60);
    for (const payload of [{}, { note: '   ' }, { note: 'x'.repeat(501) }, { note: 7 }]) {
      const refused = await refund(id, payload);
      expect([refused.statusCode, fieldsOf(refused)]).toEqual([400, ['body.note']]);
    }
    for (const badId of ['abc', '0', '-3', '9223372036854775808']) {
      const refused = await refund(badId);
      expect([refused.statusCode, fieldsOf(refused)]).toEqual([400, ['params.id']]);
    }
    const unknown = await refund('999999999');
    expect(unknown.statusCode).toBe(404);
    expect((await refund(id, WHY, await supportOperatorHeaders(app))).statusCode).toBe(403);
    expect((await refund(id, WHY, {})).statusCode).toBe(401);
    expect(await round.balance()).toBe(OPENING - 2500n);
    expect(await round.record()).toMatchObject({ status: 'OPEN', stake: '2500' });
    expect(await refundAudits(id)).toEqual([]);
  });
});
