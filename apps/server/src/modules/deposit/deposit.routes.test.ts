import {
  DepositChannelsResponseSchema,
  DepositHistoryResponseSchema,
  DepositOrderResponseSchema,
  DepositPaths,
} from '@fortuna/contracts/deposit';
import { TRIAL_MEMBER_TYPE } from '@fortuna/contracts/member-types';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDepositChannels } from '../../seed/deposit-channels.ts';
import { buildTestApp, opsHeaders } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { bearer } from '../../test/identity-fixtures.ts';
import { loggedInMember } from '../../test/wallet-fixtures.ts';
import { ledgerTransactions } from '../ledger/ledger.schema.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { testLedger } from '../ledger/ledger.test-helpers.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import { auditLog } from '../operators/operators.schema.ts';
import { depositOrders } from './deposit.schema.ts';
import { GATEWAY_TEST_SECRET, signedCallback, startGateway } from './deposit.test-helpers.ts';

let serial = 0;
function requestId(): string {
  serial += 1;
  return `req-${Date.now().toString(36)}-${serial}`;
}

describeEachDatabase('deposit calls', (database) => {
  let app: FastifyInstance;
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  let ledger: LedgerService;
  beforeAll(async () => {
    await seedDepositChannels(database().db);
    await seedDepositChannels(database().db);
    gateway = await startGateway();
    app = await buildTestApp(database(), {
      PAYMENT_GATEWAY_URL: gateway.url,
      PAYMENT_GATEWAY_SECRET: GATEWAY_TEST_SECRET,
    });
    ledger = testLedger(database().db);
  });
  afterAll(async () => {
    await app.close();
    await gateway.app.close();
  });

  const create = (token: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: DepositPaths.orders, headers: bearer(token), payload });
  const gatewayOrder = (token: string, amountMinor = '25000', id = requestId()) =>
    create(token, { channelCode: 'FORTUNA_PAY', amountMinor, requestId: id });
  const callback = (body: Record<string, unknown>, secret?: string, now?: number) => {
    const signed = signedCallback(body, secret, now);
    return app.inject({ method: 'POST', url: DepositPaths.callback, ...signed });
  };
  const ordersOf = async (memberId: bigint) =>
    (
      await database()
        .db.select({ n: count() })
        .from(depositOrders)
        .where(eq(depositOrders.memberId, memberId))
    )[0]?.n;
  const balanceOf = (memberId: bigint) => ledger.mainBalanceOf(memberId);

  /** A pending gateway order and the callback body the gateway would send for it. */
  async function pendingGatewayOrder(amountMinor = '25000') {
    const who = await loggedInMember(database().db);
    const order = DepositOrderResponseSchema.parse((await gatewayOrder(who.token, amountMinor)).json()).value;
    if (!order?.payUrl) throw new Error('no pay URL');
    const body = {
      paymentId: order.payUrl.split('/').pop(),
      merchantOrderNo: order.orderNo,
      amountMinor,
      currency: 'PHP',
      status: 'PAID',
      paidAt: new Date().toISOString(),
    };
    return { ...who, order, body };
  }

  it('when a member asks for channels, then both seeded channels with limits, fee and bank details', async () => {
    const { token } = await loggedInMember(database().db);
    const answer = await app.inject({ method: 'GET', url: DepositPaths.channels, headers: bearer(token) });
    expect(answer.statusCode).toBe(200);
    const channels = DepositChannelsResponseSchema.parse(answer.json()).value?.channels;
    expect(channels).toEqual([
      expect.objectContaining({
        code: 'FORTUNA_PAY',
        kind: 'GATEWAY',
        minMinor: '10000',
        maxMinor: '10000000',
        available: true,
      }),
      expect.objectContaining({
        code: 'BANK_TRANSFER',
        kind: 'BANK_TRANSFER',
        minMinor: '50000',
        maxMinor: '50000000',
        feeFixedMinor: '0',
        instructions: expect.objectContaining({
          accountNumber: expect.any(String),
          bank: expect.any(String),
        }),
      }),
    ]);
  });

  it('when nobody or a trial account calls, then 401 / 403 and nothing is written', async () => {
    expect((await app.inject({ method: 'GET', url: DepositPaths.channels })).statusCode).toBe(401);
    const trial = await loggedInMember(database().db, { type: TRIAL_MEMBER_TYPE });
    const answer = await gatewayOrder(trial.token);
    expect(answer.statusCode).toBe(403);
    expect(answer.json().code).toBe('TRIAL_NOT_ALLOWED');
    expect(await ordersOf(trial.member.id)).toBe(0);
  });

  it('when a gateway order is created, then it is PENDING with a pay URL at the gateway; the same requestId answers it again', async () => {
    const { token, member } = await loggedInMember(database().db);
    const id = requestId();
    const first = await gatewayOrder(token, '25000', id);
    expect(first.statusCode).toBe(200);
    const order = DepositOrderResponseSchema.parse(first.json()).value;
    expect(order).toMatchObject({
      status: 'PENDING',
      amountMinor: '25000',
      feeMinor: '0',
      channelKind: 'GATEWAY',
    });
    expect(order?.orderNo).toMatch(/^D\d{8}-[A-Z0-9]{11}$/);
    expect(order?.payUrl).toMatch(new RegExp(`^${gateway.url}/pay/P[0-9a-f]{24}$`));
    const page = await fetch(order?.payUrl ?? '');
    expect(await page.text()).toContain('250.00');

    const again = DepositOrderResponseSchema.parse((await gatewayOrder(token, '25000', id)).json()).value;
    expect(again).toEqual(order);
    const other = await gatewayOrder(token, '30000', id);
    expect(other.statusCode).toBe(409);
    expect(other.json().value.issues[0].field).toBe('body.requestId');
    expect(await ordersOf(member.id)).toBe(1);
  });

  it('when the amount, channel, requestId or reference is bad, then 400 names the field and nothing is written', async () => {
    const { token, member } = await loggedInMember(database().db);
    const cases: [Record<string, unknown>, string][] = [
      [{ amountMinor: '0' }, 'body.amountMinor'],
      [{ amountMinor: '-25000' }, 'body.amountMinor'],
      [{ amountMinor: '250.5' }, 'body.amountMinor'],
      [{ amountMinor: '10000000000001' }, 'body.amountMinor'],
      [{ amountMinor: '999999999999999999' }, 'body.amountMinor'],
      [{ amountMinor: 25000 }, 'body.amountMinor'],
      [{ amountMinor: '9999' }, 'body.amountMinor'],
      [{ amountMinor: '10000001' }, 'body.amountMinor'],
      [{ channelCode: 'NOPE' }, 'body.channelCode'],
      [{ requestId: 'short' }, 'body.requestId'],
      [{ requestId: 'has spaces in it!' }, 'body.requestId'],
      [{ payerReference: 'REF-1' }, 'body.payerReference'],
    ];
    for (const [change, field] of cases) {
      const answer = await create(token, {
        channelCode: 'FORTUNA_PAY',
        amountMinor: '25000',
        requestId: requestId(),
        ...change,
      });
      expect(answer.statusCode, JSON.stringify(change)).toBe(400);
      expect(answer.json().value.issues.map((issue: { field: string }) => issue.field)).toContain(field);
    }
    const below = await create(token, {
      channelCode: 'FORTUNA_PAY',
      amountMinor: '9999',
      requestId: requestId(),
    });
    expect(below.json().value.issues[0].message).toBe('must be between 100.00 and 100,000.00');
    const bankBelow = await create(token, {
      channelCode: 'BANK_TRANSFER',
      amountMinor: '49999',
      requestId: requestId(),
    });
    expect(bankBelow.json().value.issues[0]).toEqual({
      field: 'body.amountMinor',
      message: 'must be between 500.00 and 500,000.00',
    });
    expect(await ordersOf(member.id)).toBe(0);
    expect(await balanceOf(member.id)).toBe(0n);
  });

  it('when a member has 5 pending deposits, then a sixth is refused', async () => {
    const { token, member } = await loggedInMember(database().db);
    for (let index = 0; index < 5; index += 1) expect((await gatewayOrder(token)).statusCode).toBe(200);
    const sixth = await gatewayOrder(token);
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().code).toBe('TOO_MANY_PENDING_DEPOSITS');
    expect(await ordersOf(member.id)).toBe(5);
  });

  it("when members read deposits, then they see their own only, paged, and another member's is 404", async () => {
    const alice = await loggedInMember(database().db);
    const bob = await loggedInMember(database().db);
    const created = [];
    for (const amount of ['10000', '20000', '30000']) {
      created.push(DepositOrderResponseSchema.parse((await gatewayOrder(alice.token, amount)).json()).value);
    }
    await gatewayOrder(bob.token);
    const history = await app.inject({
      method: 'GET',
      url: `${DepositPaths.orders}?page=1&pageSize=2`,
      headers: bearer(alice.token),
    });
    const page = DepositHistoryResponseSchema.parse(history.json()).value;
    expect(page?.total).toBe(3);
    expect(page?.orders.map((order) => order.amountMinor)).toEqual(['30000', '20000']);
    const second = DepositHistoryResponseSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: `${DepositPaths.orders}?page=2&pageSize=2`,
          headers: bearer(alice.token),
        })
      ).json(),
    ).value;
    expect(second?.orders.map((order) => order.amountMinor)).toEqual(['10000']);

    const own = created[0]?.orderNo ?? '';
    const url = DepositPaths.order.replace(':orderNo', own);
    expect(
      (await app.inject({ method: 'GET', url, headers: bearer(alice.token) })).json().value.orderNo,
    ).toBe(own);
    const stranger = await app.inject({ method: 'GET', url, headers: bearer(bob.token) });
    expect(stranger.statusCode).toBe(404);
    const malformed = await app.inject({
      method: 'GET',
      url: DepositPaths.order.replace(':orderNo', 'x;drop'),
      headers: bearer(bob.token),
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().value.issues[0].field).toBe('params.orderNo');
    const badPage = await app.inject({
      method: 'GET',
      url: `${DepositPaths.orders}?pageSize=1000`,
      headers: bearer(alice.token),
    });
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().value.issues[0].field).toBe('query.pageSize');
  });

  it('when the PAID callback arrives 5 times at once, then the member is credited exactly once and every delivery gets 200', async () => {
    const { member, order, body } = await pendingGatewayOrder('25000');
    const answers = await Promise.all(Array.from({ length: 5 }, () => callback(body)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((answer) => answer.json().value.outcome).sort()).toEqual([
      'ALREADY_RECORDED',
      'ALREADY_RECORDED',
      'ALREADY_RECORDED',
      'ALREADY_RECORDED',
      'CREDITED',
    ]);
    expect(await balanceOf(member.id)).toBe(25_000n);
    const postings = await database()
      .db.select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `deposit:${order.orderNo}`));
    expect(postings).toHaveLength(1);
    const [row] = await database()
      .db.select()
      .from(depositOrders)
      .where(eq(depositOrders.orderNo, order.orderNo));
    expect(row).toMatchObject({ status: 'PAID', ledgerTransactionId: postings[0]?.id });
    expect((await callback(body)).statusCode).toBe(200);
    expect(await balanceOf(member.id)).toBe(25_000n);
  });

  it('when a callback has a wrong signature, a stale time, another amount or currency, or no order, then it is refused and nothing moves', async () => {
    const { member, order, body } = await pendingGatewayOrder('25000');
    const refusals: [Promise<{ statusCode: number; json(): { code: string } }>, number, string][] = [
      [callback(body, 'not-the-shared-secret-0000'), 401, 'SIGNATURE_INVALID'],
      [callback(body, undefined, Date.now() - 6 * 60_000), 401, 'SIGNATURE_INVALID'],
      [
        app.inject({
          method: 'POST',
          url: DepositPaths.callback,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        }),
        401,
        'SIGNATURE_INVALID',
      ],
      [callback({ ...body, amountMinor: '2500000' }), 409, 'CONFLICT'],
      [callback({ ...body, amountMinor: '24999' }), 409, 'CONFLICT'],
      [callback({ ...body, currency: 'USD' }), 409, 'CONFLICT'],
      [callback({ ...body, paymentId: 'P000000000000000000000000' }), 409, 'CONFLICT'],
      [callback({ ...body, merchantOrderNo: 'D20260101-AAAAAAAAAAA' }), 404, 'NOT_FOUND'],
      [callback({ ...body, amountMinor: '-25000' }), 400, 'VALIDATION_FAILED'],
    ];
    for (const [pending, status, code] of refusals) {
      const answer = await pending;
      expect(answer.statusCode).toBe(status);
      expect(answer.json().code).toBe(code);
    }
    expect(await balanceOf(member.id)).toBe(0n);
    const [row] = await database()
      .db.select()
      .from(depositOrders)
      .where(eq(depositOrders.orderNo, order.orderNo));
    expect(row?.status).toBe('PENDING');
  });

  it('when the gateway says FAILED, then the order fails, nothing moves, and a later PAID is refused', async () => {
    const { member, order, body } = await pendingGatewayOrder('25000');
    const failed = await callback({ ...body, status: 'FAILED', paidAt: null });
    expect(failed.statusCode).toBe(200);
    expect(failed.json().value.outcome).toBe('FAILED');
    expect((await callback({ ...body, status: 'FAILED', paidAt: null })).json().value.outcome).toBe(
      'ALREADY_RECORDED',
    );
    expect((await callback(body)).statusCode).toBe(409);
    const [row] = await database()
      .db.select()
      .from(depositOrders)
      .where(eq(depositOrders.orderNo, order.orderNo));
    expect(row?.status).toBe('FAILED');
    expect(await balanceOf(member.id)).toBe(0n);
  });

  {
    const bankOrder = async (token: string, amountMinor = '60000') => {
      const answer = await create(token, {
        channelCode: 'BANK_TRANSFER',
        amountMinor,
        requestId: requestId(),
        payerReference: 'BDO-REF-778899',
      });
      expect(answer.statusCode).toBe(200);
      return DepositOrderResponseSchema.parse(answer.json()).value as NonNullable<
        ReturnType<typeof DepositOrderResponseSchema.parse>['value']
      >;
    };
    const review = (
      orderNo: string,
      decision: 'approve' | 'reject',
      headers: Record<string, string>,
      payload: unknown = { note: 'checked the statement' },
    ) =>
      app.inject({
        method: 'POST',
        url: (decision === 'approve' ? DepositPaths.opsApprove : DepositPaths.opsReject).replace(
          ':orderNo',
          orderNo,
        ),
        headers,
        payload: payload as Record<string, unknown>,
      });

    it('when an operator approves a bank transfer, then the member is credited once, audited; a second decision is refused', async () => {
      const { token, member } = await loggedInMember(database().db);
      const order = await bankOrder(token);
      expect(order).toMatchObject({ status: 'PENDING', payUrl: null, payerReference: 'BDO-REF-778899' });
      const approved = await review(order.orderNo, 'approve', opsHeaders);
      expect(approved.statusCode).toBe(200);
      expect(approved.json().value).toMatchObject({
        status: 'APPROVED',
        reviewNote: 'checked the statement',
      });
      expect(await balanceOf(member.id)).toBe(60_000n);
      const [again, reject] = await Promise.all([
        review(order.orderNo, 'approve', opsHeaders),
        review(order.orderNo, 'reject', opsHeaders),
      ]);
      expect([again.statusCode, reject.statusCode]).toEqual([409, 409]);
      expect(await balanceOf(member.id)).toBe(60_000n);
      const audits = await database()
        .db.select()
        .from(auditLog)
        .where(and(eq(auditLog.targetType, 'deposit_order'), eq(auditLog.targetId, order.orderNo)));
      expect(audits).toMatchObject([{ actor: 'ops-token', action: 'deposit.approve' }]);
    });

    it('when an operator rejects a bank transfer, then nothing moves and the note is kept', async () => {
      const { token, member } = await loggedInMember(database().db);
      const order = await bankOrder(token);
      const rejected = await review(order.orderNo, 'reject', opsHeaders, { note: 'no such transfer' });
      expect(rejected.json().value).toMatchObject({ status: 'REJECTED', reviewNote: 'no such transfer' });
      expect(await balanceOf(member.id)).toBe(0n);
      expect((await review(order.orderNo, 'approve', opsHeaders)).statusCode).toBe(409);
      expect(await balanceOf(member.id)).toBe(0n);
    });

    it('when a member token, no token, a missing note, a gateway order or an unknown order is reviewed, then it is refused and nothing moves', async () => {
      const { token, member } = await loggedInMember(database().db);
      const order = await bankOrder(token);
      expect((await review(order.orderNo, 'approve', bearer(token))).statusCode).toBe(401);
      expect((await review(order.orderNo, 'approve', {})).statusCode).toBe(401);
      expect(
        (await app.inject({ method: 'GET', url: DepositPaths.opsList, headers: bearer(token) })).statusCode,
      ).toBe(401);
      const noNote = await review(order.orderNo, 'approve', opsHeaders, {});
      expect(noNote.statusCode).toBe(400);
      expect(noNote.json().value.issues[0].field).toBe('body.note');
      expect((await review(order.orderNo, 'approve', opsHeaders, { note: '   ' })).statusCode).toBe(400);
      expect((await review('D20260101-AAAAAAAAAAA', 'approve', opsHeaders)).statusCode).toBe(404);
      const { order: viaGateway } = await pendingGatewayOrder();
      expect((await review(viaGateway.orderNo, 'approve', opsHeaders)).statusCode).toBe(409);
      expect(await balanceOf(member.id)).toBe(0n);

      const list = await app.inject({
        method: 'GET',
        url: `${DepositPaths.opsList}?status=PENDING&pageSize=100`,
        headers: opsHeaders,
      });
      expect(list.statusCode).toBe(200);
      expect(list.json().value.orders).toContainEqual(
        expect.objectContaining({ orderNo: order.orderNo, username: member.username }),
      );
      const badStatus = await app.inject({
        method: 'GET',
        url: `${DepositPaths.opsList}?status=WHATEVER`,
        headers: opsHeaders,
      });
      expect(badStatus.statusCode).toBe(400);
    });
  }

  it('when everything above has run, then the ledger reconciles', async () => {
    expect(await reconcile(database().db)).toEqual({ ok: true, problems: [] });
  });
});

describeEachDatabase('deposit calls without a gateway configured', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    await seedDepositChannels(database().db);
    app = await buildTestApp(database());
  });
  afterAll(() => app.close());

  it('when no gateway is configured, then its channel says so, orders are refused and callbacks too', async () => {
    const { token, member } = await loggedInMember(database().db);
    const channels = (
      await app.inject({ method: 'GET', url: DepositPaths.channels, headers: bearer(token) })
    ).json().value.channels;
    expect(channels[0]).toMatchObject({
      code: 'FORTUNA_PAY',
      available: false,
      unavailableReason: expect.stringContaining('PAYMENT_GATEWAY_URL'),
    });
    const answer = await app.inject({
      method: 'POST',
      url: DepositPaths.orders,
      headers: bearer(token),
      payload: { channelCode: 'FORTUNA_PAY', amountMinor: '25000', requestId: 'no-gateway-001' },
    });
    expect(answer.statusCode).toBe(503);
    expect(answer.json().code).toBe('DEPOSIT_CHANNEL_UNAVAILABLE');
    const signed = signedCallback({ merchantOrderNo: 'x' });
    expect((await app.inject({ method: 'POST', url: DepositPaths.callback, ...signed })).statusCode).toBe(
      503,
    );
    const [row] = await database()
      .db.select({ n: count() })
      .from(depositOrders)
      .where(eq(depositOrders.memberId, member.id));
    expect(row?.n).toBe(0);
  });
});
