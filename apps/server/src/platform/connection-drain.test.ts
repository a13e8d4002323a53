import { connect, type Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { drainConnectionsOnClose } from './connection-drain.ts';

/** A listening app with a call that answers only when the test lets it. */
async function appWithHeldCall() {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let arrived: () => void = () => {};
  const reached = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  const app = Fastify({ return503OnClosing: false });
  drainConnectionsOnClose(app);
  app.get('/held', async () => {
    arrived();
    await held;
    return { done: true };
  });
  app.get('/quick', async () => ({ quick: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { app, port: address.port, release, reached };
}

function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Everything the server sent on the socket until it closed it. */
function receivedUntilClosed(socket: Socket): Promise<string> {
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    text += chunk;
  });
  return new Promise((resolve) => socket.once('close', () => resolve(text)));
}

const request = (path: string) => `GET ${path} HTTP/1.1\r\nHost: test\r\nConnection: keep-alive\r\n\r\n`;

describe('connections when the app closes', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('when a client holds a connection it never sent a request on, then closing does not wait for it', async () => {
    const node = await appWithHeldCall();
    app = node.app;
    const silent = await openSocket(node.port);
    const closed = receivedUntilClosed(silent);
    await node.app.close();
    expect(await closed).toBe('');
  });

  it('when a call is in flight, then it is answered in full and its keep-alive connection closed after it, while idle ones close at once', async () => {
    const node = await appWithHeldCall();
    app = node.app;
    const idleAfterAnswer = await openSocket(node.port);
    const idleClosed = receivedUntilClosed(idleAfterAnswer);
    idleAfterAnswer.write(request('/quick'));
    const busy = await openSocket(node.port);
    const busyClosed = receivedUntilClosed(busy);
    busy.write(request('/held'));
    await node.reached;

    const closing = node.app.close();
    expect(await idleClosed).toContain('{"quick":true}');
    node.release();
    const answer = await busyClosed;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('{"done":true}');
    await closing;
  });
});
