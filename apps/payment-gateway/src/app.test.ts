import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildGatewayApp, type GatewayApp } from './app.ts';
import { escapeHtml } from './pay-page.ts';
import { signatureProblem, signedHeaders } from './signing.ts';

const secret = 'test-gateway-secret-0123456789';
let serial = 0;
function orderNo(): string {
  serial += 1;
  return `D20260101-T${Date.now().toString(36).toUpperCase()}${serial}`;
}

function order(fields: Record<string, string> = {}) {
  return {
    merchantOrderNo: orderNo(),
    amountMinor: '12345',
    currency: 'PHP',
    callbackUrl: 'http://127.0.0.1:9/callback',
    returnUrl: 'http://127.0.0.1:8080/member?page=depositv2',
    ...fields,
  };
}

async function createOrder(gateway: GatewayApp, body: object, sign = secret, now = Date.now()) {
  const raw = JSON.stringify(body);
  return gateway.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: signedHeaders(sign, raw, now),
    payload: raw,
  });
}

/** A merchant that refuses the first `failures` callbacks with 500, then answers 200. */
async function merchant(failures: number) {
  const received: { body: string; headers: Record<string, unknown>; status: number }[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const status = received.length < failures ? 500 : 200;
      received.push({ body, headers: request.headers, status });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;
  return { url, received, close: () => new Promise((resolve) => server.close(resolve)) };
}

async function until(check: () => boolean, timeoutMs = 10_000) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('payment gateway', () => {
  let gateway: GatewayApp;
  beforeAll(async () => {
    gateway = await buildGatewayApp({
      secret,
      publicUrl: 'http://127.0.0.1:8090',
      logger: false,
      retry: { firstDelayMs: 50, maxAttempts: 10 },
    });
  });
  afterAll(() => gateway.app.close());

  it('when a signed order arrives, then it gets a payment id and a pay URL on this gateway', async () => {
    const answer = await createOrder(gateway, order());
    expect(answer.statusCode).toBe(201);
    const { paymentId, payUrl } = answer.json();
    expect(paymentId).toMatch(/^P[0-9a-f]{24}$/);
    expect(payUrl).toBe(`http://127.0.0.1:8090/pay/${paymentId}`);
  });

  it('when the same order number comes again, then the same payment answers; another amount is a conflict', async () => {
    const body = order();
    const first = (await createOrder(gateway, body)).json();
    const again = await createOrder(gateway, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ paymentId: first.paymentId, payUrl: first.payUrl });
    const other = await createOrder(gateway, { ...body, amountMinor: '99999' });
    expect(other.statusCode).toBe(409);
    expect(gateway.book.byMerchantOrderNo(body.merchantOrderNo)?.amountMinor).toBe('12345');
  });

  it('when the signature is wrong, stale or missing, then the order is refused and nothing is created', async () => {
    const wrong = order();
    expect((await createOrder(gateway, wrong, 'not-the-shared-secret-at-all')).statusCode).toBe(401);
    const stale = order();
    expect((await createOrder(gateway, stale, secret, Date.now() - 6 * 60_000)).statusCode).toBe(401);
    const unsigned = order();
    const answer = await gateway.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(unsigned),
    });
    expect(answer.statusCode).toBe(401);
    for (const body of [wrong, stale, unsigned]) {
      expect(gateway.book.byMerchantOrderNo(body.merchantOrderNo)).toBeUndefined();
    }
  });

  it('when an order has bad fields, then 400 names them', async () => {
    for (const [field, value] of [
      ['amountMinor', '0'],
      ['amountMinor', '-5'],
      ['amountMinor', '1.5'],
      ['currency', 'php'],
      ['callbackUrl', 'javascript:alert(1)'],
      ['returnUrl', '/relative'],
    ] as const) {
      const answer = await createOrder(gateway, order({ [field]: value }));
      expect(answer.statusCode, `${field}=${value}`).toBe(400);
      expect(answer.json().issues[0].field).toBe(`body.${field}`);
    }
  });

  it('when the pay page shows an order, then everything printed is escaped and no asset is external', async () => {
    const hostile = '"><script>alert(1)</script>';
    const payment = gateway.book.create({
      merchantOrderNo: 'X-1',
      amountMinor: '123456789',
      currency: 'PHP',
      callbackUrl: 'http://127.0.0.1:9/cb',
      returnUrl: `http://127.0.0.1:8080/?q=${hostile}`,
    });
    gateway.book.update(payment, { merchantOrderNo: hostile });
    const page = await gateway.app.inject({ method: 'GET', url: `/pay/${payment.paymentId}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).not.toContain('<script>');
    expect(page.body).toContain(escapeHtml(hostile));
    expect(page.body).toContain('1,234,567.89');
    expect(page.body).toMatch(/>Pay</);
    expect(page.body).toMatch(/>Cancel</);
    expect(page.body).not.toMatch(/(src|href)="https?:/);
    expect(escapeHtml(`<a href="x" title='y'>&`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;');
  });

  it('when an unknown or malformed payment is asked for, then 404', async () => {
    expect(
      (await gateway.app.inject({ method: 'GET', url: '/pay/P000000000000000000000000' })).statusCode,
    ).toBe(404);
    expect((await gateway.app.inject({ method: 'POST', url: '/pay/<x>/pay' })).statusCode).toBe(404);
  });

  describe('callbacks', () => {
    let shop: Awaited<ReturnType<typeof merchant>>;
    afterEach(() => shop.close());

    it('when the merchant fails twice, then the callback is retried until it answers 200, signed each time', async () => {
      shop = await merchant(2);
      const body = order({ callbackUrl: shop.url });
      const { paymentId } = (await createOrder(gateway, body)).json();
      const paid = await gateway.app.inject({ method: 'POST', url: `/pay/${paymentId}/pay` });
      expect(paid.statusCode).toBe(303);
      expect(paid.headers.location).toBe(body.returnUrl);
      await until(() => gateway.book.get(paymentId)?.callback.state === 'DELIVERED');
      expect(shop.received.map((call) => call.status)).toEqual([500, 500, 200]);
      for (const call of shop.received) {
        expect(signatureProblem(secret, call.headers as Record<string, string>, call.body)).toBeNull();
        expect(JSON.parse(call.body)).toMatchObject({
          paymentId,
          merchantOrderNo: body.merchantOrderNo,
          amountMinor: '12345',
          currency: 'PHP',
          status: 'PAID',
        });
      }
      expect(gateway.book.get(paymentId)?.callback.attempts).toBe(3);
      // A second click does not pay twice nor call again.
      await gateway.app.inject({ method: 'POST', url: `/pay/${paymentId}/pay` });
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(shop.received).toHaveLength(3);
    });

    it('when the payer cancels, then the merchant is told FAILED', async () => {
      shop = await merchant(0);
      const { paymentId } = (await createOrder(gateway, order({ callbackUrl: shop.url }))).json();
      await gateway.app.inject({ method: 'POST', url: `/pay/${paymentId}/cancel` });
      await until(() => shop.received.length === 1);
      expect(JSON.parse(shop.received[0]?.body ?? '{}')).toMatchObject({ status: 'FAILED', paidAt: null });
      expect(gateway.book.get(paymentId)?.status).toBe('CANCELLED');
    });

    it('when the merchant never answers 2xx, then the tries stop at the bound', async () => {
      shop = await merchant(1_000);
      const bounded = await buildGatewayApp({
        secret,
        publicUrl: 'http://127.0.0.1:8090',
        logger: false,
        retry: { firstDelayMs: 10, maxAttempts: 4 },
      });
      const { paymentId } = (await createOrder(bounded, order({ callbackUrl: shop.url }))).json();
      await bounded.app.inject({ method: 'POST', url: `/pay/${paymentId}/pay` });
      await until(() => bounded.book.get(paymentId)?.callback.state === 'GAVE_UP');
      expect(shop.received).toHaveLength(4);
      await bounded.app.close();
    });

    it('when the gateway restarts with a callback pending, then it resumes from its data directory', async () => {
      shop = await merchant(1_000);
      const dataDir = mkdtempSync(join(tmpdir(), 'gateway-'));
      try {
        const first = await buildGatewayApp({
          secret,
          publicUrl: 'http://127.0.0.1:8090',
          logger: false,
          dataDir,
          retry: { firstDelayMs: 60_000 },
        });
        const { paymentId } = (await createOrder(first, order({ callbackUrl: shop.url }))).json();
        await first.app.inject({ method: 'POST', url: `/pay/${paymentId}/pay` });
        await until(() => shop.received.length === 1);
        await until(() => first.book.get(paymentId)?.callback.attempts === 1);
        await first.app.close();

        shop.received.length = 0;
        const fine = await merchant(0);
        const second = await buildGatewayApp({
          secret,
          publicUrl: 'http://127.0.0.1:8090',
          logger: false,
          dataDir,
        });
        const resumed = second.book.get(paymentId);
        expect(resumed).toMatchObject({ status: 'PAID', callback: { state: 'PENDING', attempts: 1 } });
        if (resumed)
          second.book.update(resumed, {
            callbackUrl: fine.url,
            callback: { ...resumed.callback, nextAttemptAt: null },
          });
        await second.app.ready();
        await until(() => second.book.get(paymentId)?.callback.state === 'DELIVERED');
        expect(fine.received).toHaveLength(1);
        await second.app.close();
        await fine.close();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
});
