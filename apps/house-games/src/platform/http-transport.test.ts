import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpTransport } from './http-transport.ts';

describe('the platform client over node:http', () => {
  const seen: {
    method?: string;
    url?: string;
    headers: http.IncomingHttpHeaders;
    body: string;
    socket: number;
  }[] = [];
  const sockets = new Map<unknown, number>();
  let hang: (() => void) | undefined;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (!sockets.has(request.socket)) sockets.set(request.socket, sockets.size);
      seen.push({
        method: request.method,
        url: request.url,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        socket: sockets.get(request.socket) as number,
      });
      if (request.url === '/hang') {
        hang = () => response.end();
        return;
      }
      response.writeHead(request.url === '/refused' ? 409 : 200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ code: 'OK', value: { echoed: Buffer.concat(chunks).toString('utf8') } }));
    });
  });
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    hang?.();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const post = (path: string, body: string, signal = AbortSignal.timeout(5_000)) =>
    createHttpTransport()(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signature': 'abc' },
      body,
      signal,
    });

  it('when a call is sent, then the exact body bytes and headers arrive, and the status and body come back', async () => {
    const body = JSON.stringify({ playerId: 'p1', note: 'ẞ€ — multi-byte' });
    const answer = await post('/vendor/v1/FORTUNA/debit', body);
    expect(answer.status).toBe(200);
    expect(JSON.parse(await answer.text())).toEqual({ code: 'OK', value: { echoed: body } });
    const last = seen.at(-1);
    expect(last).toMatchObject({ method: 'POST', url: '/vendor/v1/FORTUNA/debit', body });
    expect(last?.headers['x-signature']).toBe('abc');
    expect(last?.headers['content-length']).toBe(String(Buffer.byteLength(body)));
  });

  it('when the platform refuses, then its status and answer come back as they are', async () => {
    const answer = await post('/refused', '{}');
    expect(answer.status).toBe(409);
    expect(JSON.parse(await answer.text())).toMatchObject({ code: 'OK' });
  });

  it('when calls follow one another, then they reuse one kept-alive connection', async () => {
    const transport = createHttpTransport();
    const send = () =>
      transport(`${base}/again`, {
        method: 'POST',
        headers: {},
        body: '{}',
        signal: AbortSignal.timeout(5_000),
      });
    await send();
    await send();
    await send();
    const used = seen.filter((call) => call.url === '/again').map((call) => call.socket);
    expect(new Set(used).size).toBe(1);
  });

  it('when the platform does not answer before the signal, then the call fails (the client retries it)', async () => {
    const controller = new AbortController();
    const pending = post('/hang', '{}', controller.signal);
    await expect.poll(() => seen.some((call) => call.url === '/hang')).toBe(true);
    controller.abort();
    await expect(pending).rejects.toThrow();
  });
});
