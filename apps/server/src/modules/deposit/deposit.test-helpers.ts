import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { gatewaySignedHeaders } from './gateway-signature.ts';

export const GATEWAY_TEST_SECRET = 'deposit-test-gateway-secret-0123';

/** What the tests use of the gateway workspace (apps/payment-gateway/src/app.ts). */
interface GatewayModule {
  buildGatewayApp(options: {
    secret: string;
    publicUrl: string;
    logger?: boolean;
    retry?: { firstDelayMs?: number; maxAttempts?: number };
  }): Promise<{ app: FastifyInstance }>;
}

/**
 * Our real gateway, in this process, on a free port. It is another workspace that the server
 * never depends on (they speak only HTTP), so it is loaded by URL rather than imported.
 */
export async function startGateway(
  secret = GATEWAY_TEST_SECRET,
): Promise<{ app: FastifyInstance; url: string }> {
  const location = new URL('../../../../payment-gateway/src/app.ts', import.meta.url).href;
  const { buildGatewayApp } = (await import(location)) as GatewayModule;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { app } = await buildGatewayApp({
    secret,
    publicUrl: url,
    logger: false,
    retry: { firstDelayMs: 100 },
  });
  await app.listen({ port, host: '127.0.0.1' });
  return { app, url };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A callback as the gateway sends it, signed with `secret` at `now`. */
export function signedCallback(
  body: Record<string, unknown>,
  secret = GATEWAY_TEST_SECRET,
  now = Date.now(),
) {
  const payload = JSON.stringify(body);
  return { headers: gatewaySignedHeaders(secret, payload, now), payload };
}
