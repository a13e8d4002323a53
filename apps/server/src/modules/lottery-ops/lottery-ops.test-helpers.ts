import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import { buildTestApp } from '../../test/app.ts';

/** Answers a request of the stand-in lottery with a JSON body. */
export type Send = (status: number, body: unknown) => void;

/**
 * A stand-in for the house lottery's operator calls, answering through `answer`, and the two
 * platform apps a suite of the operators' lottery calls needs: `app` calls the stand-in with
 * `token`; `unconfigured` has no house lottery. Started before the suite's tests, closed after.
 */
export function appsWithFakeLottery(
  database: () => DatabaseHandle,
  token: string,
  answer: (request: IncomingMessage, send: Send) => unknown,
) {
  const server = createServer(async (request, response) => {
    const send: Send = (status, body) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    await answer(request, send);
  });
  const apps = {} as { app: FastifyInstance; unconfigured: FastifyInstance };
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    apps.app = await buildTestApp(database(), {
      HOUSE_GAMES_URL: `http://127.0.0.1:${port}`,
      HOUSE_VENDOR_SECRET: 'house-secret-for-lottery-ops-tests',
      HOUSE_LOTTERY_OPERATOR_SECRET: token,
    });
    apps.unconfigured = await buildTestApp(database());
  });
  afterAll(async () => {
    await apps.app.close();
    await apps.unconfigured.close();
    await new Promise((resolve) => server.close(resolve));
  });
  return apps;
}
