import { DepositOrderResponseSchema, DepositPaths } from '@fortuna/contracts/deposit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDepositChannels } from '../../seed/deposit-channels.ts';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { bearer } from '../../test/identity-fixtures.ts';
import { loggedInMember } from '../../test/wallet-fixtures.ts';
import { testLedger } from '../ledger/ledger.test-helpers.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import { freePort, GATEWAY_TEST_SECRET, startGateway } from './deposit.test-helpers.ts';

async function until(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describeEachDatabase('deposit through the real gateway over HTTP', (database) => {
  let fortuna: FastifyInstance;
  let fortunaUrl: string;
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  beforeAll(async () => {
    await seedDepositChannels(database().db);
    gateway = await startGateway();
    const port = await freePort();
    fortunaUrl = `http://127.0.0.1:${port}`;
    fortuna = await buildTestApp(database(), {
      PAYMENT_GATEWAY_URL: gateway.url,
      PAYMENT_GATEWAY_SECRET: GATEWAY_TEST_SECRET,
      PUBLIC_URL: fortunaUrl,
      PORT: String(port),
    });
    await fortuna.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await gateway.app.close();
    await fortuna.close();
  });

  it('when a member orders, pays on the gateway page and is sent back, then the callback credits the balance', async () => {
    const { token, member } = await loggedInMember(database().db);
    const created = await fetch(`${fortunaUrl}${DepositPaths.orders}`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({
        channelCode: 'FORTUNA_PAY',
        amountMinor: '123456',
        requestId: 'integration-0001',
      }),
    });
    expect(created.status).toBe(200);
    const order = DepositOrderResponseSchema.parse(await created.json()).value;
    if (!order?.payUrl) throw new Error('no pay URL');

    const page = await fetch(order.payUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('1,234.56');
    const paid = await fetch(`${order.payUrl}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${fortunaUrl}/member?page=depositv2&order=${order.orderNo}`);

    const ledger = testLedger(database().db);
    await until(async () => (await ledger.mainBalanceOf(member.id)) === 123_456n);
    const url = `${fortunaUrl}${DepositPaths.order.replace(':orderNo', order.orderNo)}`;
    const after = DepositOrderResponseSchema.parse(
      await (await fetch(url, { headers: bearer(token) })).json(),
    ).value;
    expect(after).toMatchObject({ status: 'PAID', payUrl: null });
    expect(await reconcile(database().db)).toEqual({ ok: true, problems: [] });
  });
});
