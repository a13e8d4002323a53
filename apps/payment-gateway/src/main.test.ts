import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { buildGatewayApp } from './app.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

it('when it is started with NODE_ENV=production, then it refuses: it is a sandbox whose Pay button anyone may press', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/payment-gateway/src/main.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      GATEWAY_PORT: '1',
      GATEWAY_SECRET: 'a-secret-of-enough-length',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk) => {
    stderr += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  expect(code).toBe(1);
  expect(stderr).toContain('Refusing to start with NODE_ENV=production');
  expect(stderr).toContain('sandbox');
});

it('when a merchant asks whether it is a sandbox, then /healthz says so', async () => {
  const { app } = await buildGatewayApp({
    secret: 'a-secret-of-enough-length',
    publicUrl: 'http://127.0.0.1:1',
    logger: false,
  });
  try {
    expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({
      ok: true,
      sandbox: true,
    });
  } finally {
    await app.close();
  }
});
