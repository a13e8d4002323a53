import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventPaths } from '@fortuna/contracts/events';
import { SessionPaths } from '@fortuna/contracts/session';
import { afterAll, describe, expect, it } from 'vitest';
import { openEventStream } from './modules/events/stream-reader.test-helpers.ts';
import { exitOf, freePort, killGroup, startServer, waitForReady } from './test/server-process.ts';

const SHUTDOWN_TIMEOUT_MS = 30_000;

function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

describe('the server process on SIGTERM (ADR 005)', () => {
  let server: ChildProcess | undefined;
  let dataDir: string | undefined;
  afterAll(async () => {
    await killGroup(server);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('when clients hold an idle connection, a kept-alive one and an event stream, then it drains and exits 0 long before the shutdown time-out', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'fortuna-shutdown-'));
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    server = startServer({
      PORT: String(port),
      PGLITE_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      WEB_DIST_DIR: '/nonexistent',
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
    });
    // Migrations, seeding and the job queue on a fresh PGlite directory take a while on a busy machine.
    await waitForReady(origin, 150_000);

    // A connection that never sends a request, as a browser's preconnect leaves one.
    const silent = await openSocket(port);
    // A keep-alive connection left open after its answer.
    const keptAlive = await openSocket(port);
    const answered = new Promise<void>((resolve) => keptAlive.once('data', () => resolve()));
    keptAlive.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`);
    await answered;
    // A trial visitor's page with its event stream open.
    const login = await fetch(`${origin}${SessionPaths.freePlay}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ platform: 'W' }),
    });
    const { value } = (await login.json()) as { value: { token: string } };
    const stream = await openEventStream(`${origin}${EventPaths.stream}`, value.token);
    expect(await stream.next()).toMatchObject({ type: 'hello' });

    const startedAt = Date.now();
    if (!server.pid) throw new Error('server not started');
    process.kill(server.pid, 'SIGTERM');
    const { code } = await exitOf(server);
    const tookMs = Date.now() - startedAt;

    // The time-out path exits 1; 0 means everything was drained and closed in order.
    expect(code).toBe(0);
    expect(tookMs).toBeLessThan(SHUTDOWN_TIMEOUT_MS / 2);
    await expect(stream.next()).rejects.toThrow(/ended|terminated/);
    for (const socket of [silent, keptAlive]) socket.destroy();
  }, 240_000);
});
