import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGatewayApp, type GatewayApp } from './app.ts';
import { signedHeaders } from './signing.ts';

const secret = 'test-gateway-secret-0123456789';

async function gatewayAt(publicUrl: string) {
  return buildGatewayApp({ secret, publicUrl, logger: false });
}

async function payPageOf(gateway: GatewayApp) {
  const raw = JSON.stringify({
    merchantOrderNo: `D20260101-H${Date.now()}`,
    amountMinor: '12345',
    currency: 'PHP',
    callbackUrl: 'http://127.0.0.1:9/callback',
    returnUrl: 'http://127.0.0.1:8080/member?page=depositv2',
  });
  const order = await gateway.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: signedHeaders(secret, raw, Date.now()),
    payload: raw,
  });
  return gateway.app.inject({ method: 'GET', url: new URL(order.json().payUrl).pathname });
}

describe('payment gateway security headers', () => {
  let plain: GatewayApp;
  let https: GatewayApp;
  beforeAll(async () => {
    plain = await gatewayAt('http://127.0.0.1:8090');
    https = await gatewayAt('https://pay.fortuna.example');
  });
  afterAll(async () => {
    await plain.app.close();
    await https.app.close();
  });

  it('when the pay page is shown, then no script may run, only its own stylesheet applies and no site may frame it', async () => {
    const page = await payPageOf(plain);
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('script-src');
    // The stylesheet in the page is the one the hash allows.
    const style = /<style>([\s\S]*?)<\/style>/.exec(page.body)?.[1] ?? '';
    const hash = createHash('sha256').update(style).digest('base64');
    expect(csp).toContain(`style-src 'sha256-${hash}'`);
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['strict-transport-security']).toBeUndefined();
  });

  it('when an API answer or a missing page is sent, then it carries the same headers', async () => {
    for (const url of ['/healthz', '/pay/P000000000000000000000000']) {
      const answer = await plain.app.inject({ method: 'GET', url });
      expect(answer.headers['x-content-type-options'], url).toBe('nosniff');
      expect(String(answer.headers['content-security-policy']), url).toContain("frame-ancestors 'none'");
    }
  });

  it('when the gateway is served over https, then HSTS is sent', async () => {
    const page = await payPageOf(https);
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
