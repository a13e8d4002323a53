import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { createHttpSmsProvider, createLogSmsProvider } from './sms-provider.ts';

type Received = { method?: string; url?: string; headers: IncomingHttpHeaders; body: string };

/** A gateway on a free local port that answers every message with `status`. */
async function startGateway(status: number) {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ method: request.method, url: request.url, headers: request.headers, body });
      response.writeHead(status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/send`,
    received,
    close: () => new Promise((done) => server.close(done)),
  };
}

const silentLog = { info: () => undefined };
const recipient = { dialingCode: '+63', mobileNum: '9171234567' };

describe('SMS providers', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('when the HTTP gateway accepts, then it got the number with its dialling code, the text and the token', async () => {
    const gateway = await startGateway(200);
    cleanups.push(gateway.close);
    await createHttpSmsProvider({ url: gateway.url, token: 'gateway-secret' }).send(recipient, 'Your code');
    expect(gateway.received).toHaveLength(1);
    const [message] = gateway.received;
    expect(message?.method).toBe('POST');
    expect(message?.url).toBe('/send');
    expect(message?.headers.authorization).toBe('Bearer gateway-secret');
    expect(message?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(message?.body ?? '')).toEqual({ to: '+639171234567', text: 'Your code' });
  });

  it('when the HTTP gateway answers 500, then sending fails as SMS_UNAVAILABLE', async () => {
    const gateway = await startGateway(500);
    cleanups.push(gateway.close);
    const failure = await createHttpSmsProvider({ url: gateway.url })
      .send(recipient, 'Your code')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).code).toBe('SMS_UNAVAILABLE');
    expect(gateway.received[0]?.headers.authorization).toBeUndefined();
  });

  it('when the HTTP gateway cannot be reached, then sending fails as SMS_UNAVAILABLE', async () => {
    const gateway = await startGateway(200);
    await gateway.close();
    const failure = await createHttpSmsProvider({ url: gateway.url })
      .send(recipient, 'Your code')
      .catch((error: unknown) => error);
    expect((failure as AppError).code).toBe('SMS_UNAVAILABLE');
  });

  it('when messages are logged, then the outbox lists them newest first, per number on request', async () => {
    const provider = createLogSmsProvider(silentLog);
    await provider.send(recipient, 'first');
    await provider.send({ dialingCode: '+65', mobileNum: '81234567' }, 'other');
    await provider.send(recipient, 'second');
    expect(provider.outbox().map((message) => message.text)).toEqual(['second', 'other', 'first']);
    expect(provider.outbox('+639171234567').map((message) => message.text)).toEqual(['second', 'first']);
    expect(provider.outbox('+6581234567')[0]).toMatchObject({ to: '+6581234567', text: 'other' });
  });

  it('when more than 200 messages are logged, then the oldest fall out of the outbox', async () => {
    const provider = createLogSmsProvider(silentLog);
    for (let index = 0; index < 205; index += 1) await provider.send(recipient, `message ${index}`);
    const outbox = provider.outbox();
    expect(outbox).toHaveLength(200);
    expect(outbox[0]?.text).toBe('message 204');
    expect(outbox.at(-1)?.text).toBe('message 5');
  });
});
