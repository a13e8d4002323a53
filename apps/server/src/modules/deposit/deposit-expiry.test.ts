import { DepositOrderResponseSchema, DepositPaths } from '@fortuna/contracts/deposit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDepositChannels } from '../../seed/deposit-channels.ts';
import { buildTestApp, opsHeaders } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { loggedInMember } from '../../test/wallet-fixtures.ts';
import { testLedger, writtenUnder } from '../ledger/ledger.test-helpers.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import { depositChannels } from './deposit.schema.ts';
import { MAX_PENDING_ORDERS } from './deposit.service.ts';
import { GATEWAY_TEST_SECRET, signedCallback, startGateway } from './deposit.test-helpers.ts';
import { expireStaleDeposits } from './deposit-expiry.ts';

const MINUTE = 60_000;
let serial = 0;
function requestId(): string {
  serial += 1;
  return `expiry-${Date.now().toString(36)}-${serial}`;
}
const later = (minutes: number) => new Date(Date.now() + minutes * MINUTE);

describeEachDatabase('deposit order expiry', (database) => {
  let app: FastifyInstance;
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  beforeAll(async () => {
    await seedDepositChannels(database().db);
    // A channel with a lifetime of its own.
    await database()
      .db.insert(depositChannels)
      .values({
        code: 'QUICK_PAY',
        name: 'Quick pay',
        kind: 'GATEWAY',
        minMinor: 100n,
        maxMinor: 10_000_000n,
        orderLifetimeMinutes: 5,
      })
      .onConflictDoNothing();
    // And a bank channel that sets none: its kind's default applies.
    await database()
      .db.insert(depositChannels)
      .values({
        code: 'PLAIN_BANK',
        name: 'Plain bank',
        kind: 'BANK_TRANSFER',
        minMinor: 100n,
        maxMinor: 10_000_000n,
      })
      .onConflictDoNothing();
    gateway = await startGateway();
    app = await buildTestApp(database(), {
      PAYMENT_GATEWAY_URL: gateway.url,
      PAYMENT_GATEWAY_SECRET: GATEWAY_TEST_SECRET,
    });
  });
  afterAll(async () => {
    await app.close();
    await gateway.app.close();
  });

  async function order(headers: Record<string, string>, channelCode = 'FORTUNA_PAY', amountMinor = '60000') {
    const answer = await app.inject({
      method: 'POST',
      url: DepositPaths.orders,
      headers,
      payload: {
        channelCode,
        amountMinor,
        requestId: requestId(),
        ...(channelCode.includes('BANK') ? { payerReference: 'BDO-1' } : {}),
      },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return DepositOrderResponseSchema.parse(answer.json()).value as NonNullable<
      ReturnType<typeof DepositOrderResponseSchema.parse>['value']
    >;
  }
  const statusOf = async (headers: Record<string, string>, orderNo: string) =>
    DepositOrderResponseSchema.parse(
      (
        await app.inject({ method: 'GET', url: DepositPaths.order.replace(':orderNo', orderNo), headers })
      ).json(),
    ).value;
  const paidCallback = (
    o: { orderNo: string; payUrl: string | null },
    fields: Record<string, unknown> = {},
  ) =>
    app.inject({
      method: 'POST',
      url: DepositPaths.callback,
      ...signedCallback({
        paymentId: o.payUrl?.split('/').pop(),
        merchantOrderNo: o.orderNo,
        amountMinor: '60000',
        currency: 'PHP',
        status: 'PAID',
        paidAt: new Date().toISOString(),
        ...fields,
      }),
    });
  /** A gateway order that has expired unpaid. */
  async function expiredGatewayOrder() {
    const who = await loggedInMember(database().db);
    const pending = await order(who.headers);
    expect(await expireStaleDeposits(database().db, later(31))).toContain(pending.orderNo);
    return { ...who, order: pending };
  }

  it('when a gateway order is unpaid for more than 30 minutes, then the task expires it and the history shows EXPIRED; a younger one and a bank transfer of the same age stay pending', async () => {
    const { headers } = await loggedInMember(database().db);
    const gatewayOrder = await order(headers);
    const bankOrder = await order(headers, 'BANK_TRANSFER');
    expect(await expireStaleDeposits(database().db, later(29))).not.toContain(gatewayOrder.orderNo);
    const expired = await expireStaleDeposits(database().db, later(31));
    expect(expired).toContain(gatewayOrder.orderNo);
    expect(expired).not.toContain(bankOrder.orderNo);
    expect(await statusOf(headers, gatewayOrder.orderNo)).toMatchObject({
      status: 'EXPIRED',
      payUrl: null,
      expiredAt: expect.any(String),
    });
    expect((await statusOf(headers, bankOrder.orderNo))?.status).toBe('PENDING');

    const history = await app.inject({
      method: 'GET',
      url: `${DepositPaths.orders}?status=EXPIRED`,
      headers,
    });
    expect(history.json().value.orders.map((row: { orderNo: string }) => row.orderNo)).toEqual([
      gatewayOrder.orderNo,
    ]);

    // A bank transfer waits 72 hours: it may take a weekend to show on the statement.
    expect(await expireStaleDeposits(database().db, later(72 * 60 - 1))).not.toContain(bankOrder.orderNo);
    expect(await expireStaleDeposits(database().db, later(72 * 60 + 1))).toContain(bankOrder.orderNo);
  });

  it('when a channel sets its own lifetime, then that lifetime decides', async () => {
    const { headers } = await loggedInMember(database().db);
    const quick = await order(headers, 'QUICK_PAY');
    expect(await expireStaleDeposits(database().db, later(4))).not.toContain(quick.orderNo);
    expect(await expireStaleDeposits(database().db, later(6))).toContain(quick.orderNo);
  });

  it("when a channel sets no lifetime, then its kind's default decides (72 hours for a bank transfer)", async () => {
    const { headers } = await loggedInMember(database().db);
    const plain = await order(headers, 'PLAIN_BANK');
    expect(await expireStaleDeposits(database().db, later(72 * 60 - 1))).not.toContain(plain.orderNo);
    expect(await expireStaleDeposits(database().db, later(72 * 60 + 1))).toContain(plain.orderNo);
  });

  it('when two nodes run the task at the same moment, then each order expires once', async () => {
    const { headers } = await loggedInMember(database().db);
    const pending = [await order(headers), await order(headers)];
    const [one, two] = await Promise.all([
      expireStaleDeposits(database().db, later(31)),
      expireStaleDeposits(database().db, later(31)),
    ]);
    for (const { orderNo } of pending)
      expect([...(one ?? []), ...(two ?? [])].filter((no) => no === orderNo)).toHaveLength(1);
  });

  it('when a paid order is old, then the task leaves it PAID', async () => {
    const { headers } = await loggedInMember(database().db);
    const paid = await order(headers);
    expect((await paidCallback(paid)).json().value.outcome).toBe('CREDITED');
    expect(await expireStaleDeposits(database().db, later(31))).not.toContain(paid.orderNo);
    expect((await statusOf(headers, paid.orderNo))?.status).toBe('PAID');
  });

  it('when orders expire, then they no longer count against the pending limit', async () => {
    const { headers } = await loggedInMember(database().db);
    for (let n = 0; n < MAX_PENDING_ORDERS; n += 1) await order(headers);
    const refused = await app.inject({
      method: 'POST',
      url: DepositPaths.orders,
      headers,
      payload: { channelCode: 'FORTUNA_PAY', amountMinor: '60000', requestId: requestId() },
    });
    expect(refused.json().code).toBe('TOO_MANY_PENDING_DEPOSITS');
    await expireStaleDeposits(database().db, later(31));
    await order(headers);
  });

  it('when the PAID callback of an expired order arrives, then the member is credited once and the order is PAID with its expiry kept; a second delivery moves nothing', async () => {
    const { member, headers, order: expired } = await expiredGatewayOrder();
    const ledger = testLedger(database().db);
    const first = await paidCallback(expired);
    expect(first.statusCode).toBe(200);
    expect(first.json().value.outcome).toBe('CREDITED_LATE');
    const again = await paidCallback(expired);
    expect(again.json().value.outcome).toBe('ALREADY_RECORDED');
    expect(await ledger.mainBalanceOf(member.id)).toBe(60_000n);
    expect(await writtenUnder(database().db, `deposit:${expired.orderNo}`)).toEqual({
      transactions: 1,
      entries: 2,
    });
    expect(await statusOf(headers, expired.orderNo)).toMatchObject({
      status: 'PAID',
      expiredAt: expect.any(String),
    });
    expect(await reconcile(database().db)).toEqual({ ok: true, problems: [] });
  });

  it('when a FAILED callback or a PAID one with another amount arrives for an expired order, then nothing moves and it stays EXPIRED', async () => {
    const { member, headers, order: expired } = await expiredGatewayOrder();
    const failed = await paidCallback(expired, { status: 'FAILED', paidAt: null });
    expect(failed.statusCode).toBe(200);
    expect(failed.json().value.outcome).toBe('ALREADY_RECORDED');
    const wrongAmount = await paidCallback(expired, { amountMinor: '60001' });
    expect(wrongAmount.statusCode).toBe(409);
    expect((await statusOf(headers, expired.orderNo))?.status).toBe('EXPIRED');
    expect(await testLedger(database().db).mainBalanceOf(member.id)).toBe(0n);
    expect(await writtenUnder(database().db, `deposit:${expired.orderNo}`)).toEqual({
      transactions: 0,
      entries: 0,
    });
  });

  it('when an operator approves a bank transfer that expired, then it is credited once; approving again is a conflict', async () => {
    const { member, headers } = await loggedInMember(database().db);
    const bank = await order(headers, 'BANK_TRANSFER');
    expect(await expireStaleDeposits(database().db, later(72 * 60 + 1))).toContain(bank.orderNo);
    const approve = () =>
      app.inject({
        method: 'POST',
        url: DepositPaths.opsApprove.replace(':orderNo', bank.orderNo),
        headers: opsHeaders,
        payload: { note: 'arrived after the weekend' },
      });
    expect((await approve()).statusCode).toBe(200);
    expect((await approve()).statusCode).toBe(409);
    expect(await testLedger(database().db).mainBalanceOf(member.id)).toBe(60_000n);
    expect((await statusOf(headers, bank.orderNo))?.status).toBe('APPROVED');
  });
});
