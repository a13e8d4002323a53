import { WithdrawalPaths } from '@fortuna/contracts/withdrawal';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { bearer } from '../../test/identity-fixtures.ts';
import { writtenUnder } from '../ledger/ledger.test-helpers.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import { auditLog } from '../operators/operators.schema.ts';
import {
  addPayee,
  operatorToken,
  opsUrl,
  requestWithdrawal,
  seedWithdrawalWorld,
  supportOperatorHeaders,
  withdrawingMember,
} from './withdrawal.test-helpers.ts';

const OPENING = 1_000_000n;
const AMOUNT = 50_000n;

describeEachDatabase('disputed withdrawals', (database) => {
  let app: FastifyInstance;
  let finance: Record<string, string>;
  beforeAll(async () => {
    await seedWithdrawalWorld(database().db);
    app = await buildTestApp(database());
    finance = bearer(await operatorToken(app, 'finance01'));
  });
  afterAll(async () => {
    expect(await reconcile(database().db)).toEqual({ ok: true, problems: [] });
    await app.close();
  });

  const post = (url: string, headers: Record<string, string>, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url, headers, payload });
  const resolve = (
    how: 'opsDisputePaid' | 'opsDisputeReturn',
    orderNo: string,
    headers = finance,
    payload: Record<string, unknown> = { note: 'checked with the bank' },
  ) => post(opsUrl(WithdrawalPaths[how], orderNo), headers, payload);

  /** A withdrawal of 500.00 approved, paid and then confirmed by the member as `outcome`. */
  async function withdrawal(outcome: 'NOT_RECEIVED' | 'PARTIALLY_RECEIVED' | 'RECEIVED' | null) {
    const member = await withdrawingMember(database().db, OPENING);
    const payeeAccountId = (await addPayee(app, member.headers)).json().value.id;
    const requested = await requestWithdrawal(app, member.headers, {
      payeeAccountId,
      amountMinor: AMOUNT.toString(),
    });
    const orderNo = requested.json().value.orderNo as string;
    for (const [step, note] of [
      ['opsApprove', 'ok'],
      ['opsPaid', 'BDO ref 5521'],
    ] as const) {
      expect((await post(opsUrl(WithdrawalPaths[step], orderNo), finance, { note })).statusCode).toBe(200);
    }
    if (outcome) {
      const confirmed = await post(opsUrl(WithdrawalPaths.confirm, orderNo), member.headers, {
        outcome,
        ...(outcome === 'PARTIALLY_RECEIVED' ? { receivedMinor: '20000' } : {}),
      });
      expect(confirmed.statusCode).toBe(200);
    }
    return { ...member, orderNo };
  }
  const auditOf = (orderNo: string) =>
    database().db.select().from(auditLog).where(eq(auditLog.targetId, orderNo)).orderBy(auditLog.id);

  it('when an operator returns a NOT_RECEIVED payout, then the whole amount goes back once, audited; again or closing it after is a conflict', async () => {
    const { orderNo, balance } = await withdrawal('NOT_RECEIVED');
    expect(await balance()).toBe(OPENING - AMOUNT);
    const returned = await resolve('opsDisputeReturn', orderNo);
    expect(returned.statusCode).toBe(200);
    expect(returned.json().value).toMatchObject({
      status: 'RESOLVED_RETURNED',
      returnedMinor: AMOUNT.toString(),
      resolutionNote: 'checked with the bank',
      resolvedAt: expect.any(String),
    });
    expect(await balance()).toBe(OPENING);
    expect(await writtenUnder(database().db, `withdrawal-return:${orderNo}`)).toEqual({
      transactions: 1,
      entries: 2,
    });
    const again = await resolve('opsDisputeReturn', orderNo);
    expect(again.statusCode).toBe(409);
    expect((await resolve('opsDisputePaid', orderNo)).statusCode).toBe(409);
    expect(await balance()).toBe(OPENING);
    const audit = (await auditOf(orderNo)).filter((row) => row.action.startsWith('withdrawal.dispute'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'withdrawal.dispute.return',
      actor: expect.stringMatching(/^operator:\d+$/),
    });
    expect(audit[0]?.details).toMatchObject({ disputed: 'NOT_RECEIVED', returnedMinor: AMOUNT.toString() });
  });

  it('when part arrived, then only the part that did not arrive is returned', async () => {
    const { orderNo, balance } = await withdrawal('PARTIALLY_RECEIVED');
    const returned = await resolve('opsDisputeReturn', orderNo);
    expect(returned.json().value).toMatchObject({ status: 'RESOLVED_RETURNED', returnedMinor: '30000' });
    expect(await balance()).toBe(OPENING - 20_000n);
  });

  it('when the payout arrived after all, then the case closes and nothing moves', async () => {
    const { orderNo, balance, headers } = await withdrawal('NOT_RECEIVED');
    const closed = await resolve('opsDisputePaid', orderNo);
    expect(closed.statusCode).toBe(200);
    expect(closed.json().value).toMatchObject({ status: 'RESOLVED_PAID', returnedMinor: null });
    expect(await balance()).toBe(OPENING - AMOUNT);
    expect(await writtenUnder(database().db, `withdrawal-return:${orderNo}`)).toEqual({
      transactions: 0,
      entries: 0,
    });
    expect((await resolve('opsDisputeReturn', orderNo)).statusCode).toBe(409);
    // The member sees how it ended.
    const mine = await app.inject({
      method: 'GET',
      url: opsUrl(WithdrawalPaths.withdrawal, orderNo),
      headers,
    });
    expect(mine.json().value).toMatchObject({
      status: 'RESOLVED_PAID',
      resolutionNote: 'checked with the bank',
    });
  });

  it('when two operators return the same dispute at once, then it is returned once', async () => {
    const { orderNo, balance } = await withdrawal('NOT_RECEIVED');
    const answers = await Promise.all([
      resolve('opsDisputeReturn', orderNo),
      resolve('opsDisputeReturn', orderNo),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await balance()).toBe(OPENING);
  });

  it('when the withdrawal is not disputed (paid, received, or unknown), then it is refused and nothing moves', async () => {
    for (const outcome of [null, 'RECEIVED'] as const) {
      const { orderNo, balance } = await withdrawal(outcome);
      for (const how of ['opsDisputeReturn', 'opsDisputePaid'] as const) {
        const refused = await resolve(how, orderNo);
        expect(refused.statusCode).toBe(409);
        expect(refused.json().value).toMatchObject({ status: outcome ?? 'PAID' });
      }
      expect(await balance()).toBe(OPENING - AMOUNT);
    }
    expect((await resolve('opsDisputeReturn', 'W20260101-NOSUCH0001')).statusCode).toBe(404);
  });

  it('when SUPPORT resolves, then 403; a member token or none, then 401; nothing moves', async () => {
    const { orderNo, balance, headers } = await withdrawal('NOT_RECEIVED');
    expect((await resolve('opsDisputeReturn', orderNo, await supportOperatorHeaders(app))).statusCode).toBe(
      403,
    );
    expect((await resolve('opsDisputeReturn', orderNo, headers)).statusCode).toBe(401);
    expect((await resolve('opsDisputePaid', orderNo, {})).statusCode).toBe(401);
    expect(await balance()).toBe(OPENING - AMOUNT);
    expect((await auditOf(orderNo)).filter((row) => row.action.startsWith('withdrawal.dispute'))).toEqual([]);
  });

  it('when the note is missing, blank or too long, or the order number is malformed, then 400 naming the field and nothing moves', async () => {
    const { orderNo, balance } = await withdrawal('NOT_RECEIVED');
    const fieldOf = (answer: { json(): { value: { issues: { field: string }[] } } }) =>
      answer.json().value.issues.map((issue) => issue.field);
    for (const payload of [{}, { note: '   ' }, { note: 'x'.repeat(501) }, { note: 42 }]) {
      const refused = await resolve('opsDisputeReturn', orderNo, finance, payload);
      expect(refused.statusCode).toBe(400);
      expect(fieldOf(refused)).toEqual(['body.note']);
    }
    const malformed = await resolve('opsDisputeReturn', 'not-an-order');
    expect(malformed.statusCode).toBe(400);
    expect(fieldOf(malformed)).toEqual(['params.orderNo']);
    expect(await balance()).toBe(OPENING - AMOUNT);
  });
});
