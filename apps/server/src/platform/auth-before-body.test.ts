import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AnnouncementPaths } from '@fortuna/contracts/announcements';
import { DepositPaths } from '@fortuna/contracts/deposit';
import { GamePaths } from '@fortuna/contracts/games';
import { MessageOpsPaths } from '@fortuna/contracts/messages';
import { OperatorPaths } from '@fortuna/contracts/operators';
import { SessionPaths } from '@fortuna/contracts/session';
import { VendorProtocolPaths } from '@fortuna/contracts/vendor-protocol';
import { WithdrawalPaths } from '@fortuna/contracts/withdrawal';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { loggedInMember } from '../test/wallet-fixtures.ts';
import { BODY_LIMIT_BYTES } from './body-limits.ts';

/** Documented with a 401 but public, so no guard runs first (each reads a small body, or none). */
const PUBLIC_CALLS_ANSWERING_401 = new Set([
  // Wrong credentials in the body, or a bad signature over it.
  ...[
    SessionPaths.login,
    OperatorPaths.login,
    DepositPaths.callback,
    ...Object.values(VendorProtocolPaths),
  ].map((path) => `POST ${path}`),
  // Lists open to visitors where some selections (favourites, the member's own) need a session.
  `GET ${GamePaths.gameList}`,
  `GET ${AnnouncementPaths.list}`,
]);

type Operation = { responses?: Record<string, unknown> };

/** Every documented call whose answers include 401, with its path parameters filled in. */
function guardedCalls(app: FastifyInstance): { method: string; path: string; url: string }[] {
  const document = app.swagger() as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(document.paths).flatMap(([openApiPath, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => operation.responses?.['401'])
      .map(([method, _operation]) => {
        const path = openApiPath.replace(/\{(\w+)\}/g, ':$1');
        return { method: method.toUpperCase(), path, url: path.replace(/:\w+/g, 'x') };
      })
      .filter((call) => !PUBLIC_CALLS_ANSWERING_401.has(`${call.method} ${call.path}`)),
  );
}

/**
 * Sends the head of a request whose body never ends (1 MiB now, then nothing, the connection kept
 * open), and resolves with the answer: only a server that answers before reading the body answers.
 */
function answerToEndlessBody(
  port: number,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path,
      headers: { 'content-type': 'application/json', 'content-length': String(25 * 1024 * 1024), ...headers },
    });
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, body });
        request.destroy();
      });
    });
    request.on('error', reject);
    request.write(Buffer.alloc(1024 * 1024, 0x20));
  });
}

describeEachDatabase('authentication before the body is read', (database) => {
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    app = await buildTestApp(database());
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
  });

  it('when an anonymous caller starts a 25 MiB body that never ends, then the confirm call answers 401 without waiting for it', async () => {
    const answer = await answerToEndlessBody(
      port,
      WithdrawalPaths.confirm.replace(':orderNo', 'W20260101-X'),
    );
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body).code).toBe('UNAUTHENTICATED');
  });

  it('when an operator call gets an endless body with no valid operator token, then it answers 401 at once', async () => {
    const answer = await answerToEndlessBody(port, MessageOpsPaths.messages, {
      authorization: 'Bearer not-a-token-at-all',
    });
    expect(answer.status).toBe(401);
  });

  it('when an anonymous caller sends malformed JSON and nonsense parameters to any call that needs a session, then 401, not 400', async () => {
    const calls = guardedCalls(app);
    expect(calls.length).toBeGreaterThan(50);
    const refusedOtherwise: string[] = [];
    for (const call of calls) {
      const hasBody = call.method !== 'GET' && call.method !== 'DELETE';
      const answer = await app.inject({
        method: call.method as 'POST',
        url: `${call.url}?page=-1&pageNo=x&status=%00`,
        ...(hasBody ? { headers: { 'content-type': 'application/json' }, payload: '{"broken": ' } : {}),
      });
      if (answer.statusCode !== 401)
        refusedOtherwise.push(`${call.method} ${call.path} → ${answer.statusCode}`);
    }
    expect(refusedOtherwise).toEqual([]);
  });

  it('when a member sends a body over the limit of an ordinary call, then 413', async () => {
    const { headers } = await loggedInMember(database().db);
    const answer = await app.inject({
      method: 'POST',
      url: WithdrawalPaths.payees,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ kind: 'BANK', accountName: 'x'.repeat(BODY_LIMIT_BYTES.default) }),
    });
    expect(answer.statusCode).toBe(413);
    expect(answer.json().code).toBe('PAYLOAD_TOO_LARGE');
  });
});
