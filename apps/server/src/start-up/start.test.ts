import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { OperatorPaths } from '@fortuna/contracts/operators';
import { SessionPaths } from '@fortuna/contracts/session';
import { SystemPaths } from '@fortuna/contracts/system';
import { VerificationPaths } from '@fortuna/contracts/verification';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../config.ts';
import { startGateway } from '../modules/deposit/deposit.test-helpers.ts';
import { members } from '../modules/identity/identity.schema.ts';
import { operators } from '../modules/operators/operators.schema.ts';
import { openPostgres } from '../platform/db/database.ts';
import { DEMO_DEFAULT_PASSWORD, DEMO_PASSWORD, demoMembers } from '../seed/demo-members.ts';
import { demoOperators } from '../seed/demo-operators.ts';
import { createPostgresDatabase } from '../test/databases.ts';
import { sliderTicket } from '../test/identity-fixtures.ts';
import { DEVELOPMENT_OPERATOR_SECRETS_KEY } from './development-secrets.ts';
import { StartRefused } from './production-refusals.ts';
import { type StartedFortuna, startFortuna } from './start.ts';

const repoRoot = new URL('../../../..', import.meta.url).pathname;

/** An operator secrets key of this test's deployment only (production refuses the development one). */
const THIS_DEPLOYMENTS_KEY = randomBytes(32).toString('hex');

/** Production settings that are safe: real providers (never reached here) and secrets of our own. */
const safeProduction = (databaseUrl: string): Record<string, string> => ({
  NODE_ENV: 'production',
  DATABASE_URL: databaseUrl,
  SMS_PROVIDER: 'http',
  SMS_GATEWAY_URL: 'http://127.0.0.1:9/sms',
  MAIL_TRANSPORT: 'smtp',
  SMTP_URL: 'smtp://127.0.0.1:9',
  OPS_TOKEN: 'an-ops-token-of-this-deployment-only-7f3a',
  PUBLIC_URL: 'https://play.fortuna.example',
  OPERATOR_SECRETS_KEY: THIS_DEPLOYMENTS_KEY,
  WEB_DIST_DIR: '/nonexistent',
  LOG_LEVEL: 'silent',
});

async function stop(started: StartedFortuna | undefined): Promise<void> {
  if (!started) return;
  await started.app.close();
  await started.events.close();
  await started.counter.close();
  await started.database.close();
}

async function refusal(env: Record<string, string>): Promise<string> {
  const outcome = await startFortuna(env, { logger: false }).then(
    async (started) => {
      await stop(started);
      return 'started';
    },
    (error: unknown) => {
      if (!(error instanceof StartRefused)) throw error;
      return error.message;
    },
  );
  return outcome;
}

// Refused before any database is opened: the URL points at nothing.
const nowhere = 'postgres://postgres@127.0.0.1:1/nowhere';

describe('a production start refuses what is unsafe, naming the cause', () => {
  it.each([
    [{ SMS_PROVIDER: 'log' }, 'SMS_PROVIDER=log'],
    [{ MAIL_TRANSPORT: 'log' }, 'MAIL_TRANSPORT=log'],
    [{ DEV_ENDPOINTS: 'on' }, 'DEV_ENDPOINTS=on'],
    [{ DEMO_DATA: 'on' }, 'DEMO_DATA is on'],
    [{ DATABASE_URL: '' }, 'DATABASE_URL is not set'],
    [{ PUBLIC_URL: '' }, 'PUBLIC_URL is not set'],
    [{ OPS_TOKEN: 'e2e-ops-token-0123456789abcdef' }, 'OPS_TOKEN is a development secret'],
    [
      { HOUSE_VENDOR_SECRET: 'e2e-house-vendor-secret-0123456789' },
      'HOUSE_VENDOR_SECRET is a development secret',
    ],
    [{ OPERATOR_SECRETS_KEY: '' }, 'OPERATOR_SECRETS_KEY is not set'],
    [
      { OPERATOR_SECRETS_KEY: DEVELOPMENT_OPERATOR_SECRETS_KEY },
      'OPERATOR_SECRETS_KEY is a development secret',
    ],
    [
      { OPERATOR_SECRETS_KEY: Buffer.from(DEVELOPMENT_OPERATOR_SECRETS_KEY, 'hex').toString('base64') },
      'OPERATOR_SECRETS_KEY is a development secret',
    ],
  ])('when %o is set, then the start is refused naming %s', async (unsafe, cause) => {
    expect(await refusal({ ...safeProduction(nowhere), ...unsafe })).toContain(cause);
  });

  it("when PAYMENT_GATEWAY_SECRET is the payment gateway's built-in development secret, then the start is refused naming it", async () => {
    const gatewayConfig = new URL('../../../payment-gateway/src/config.ts', import.meta.url).href;
    const { DEV_SECRET } = (await import(gatewayConfig)) as { DEV_SECRET: string };
    const message = await refusal({
      ...safeProduction(nowhere),
      PAYMENT_GATEWAY_URL: 'http://127.0.0.1:9',
      PAYMENT_GATEWAY_SECRET: DEV_SECRET,
    });
    expect(message).toContain('PAYMENT_GATEWAY_SECRET is a development secret');
  });

  it('when PAYMENT_GATEWAY_URL is the sandbox payment gateway, then the start is refused naming it', async () => {
    const gateway = await startGateway('a-gateway-secret-of-this-deployment');
    try {
      const message = await refusal({
        ...safeProduction(nowhere),
        PAYMENT_GATEWAY_URL: gateway.url,
        PAYMENT_GATEWAY_SECRET: 'a-gateway-secret-of-this-deployment',
      });
      expect(message).toContain('PAYMENT_GATEWAY_URL');
      expect(message).toContain('sandbox payment gateway');
    } finally {
      await gateway.app.close();
    }
  });

  it('when several things are unsafe, then every cause is named in one message', async () => {
    const message = await refusal({ ...safeProduction(nowhere), SMS_PROVIDER: 'log', DEV_ENDPOINTS: 'on' });
    expect(message).toMatch(
      /^Refusing to start with NODE_ENV=production: .*SMS_PROVIDER=log.*; DEV_ENDPOINTS=on/,
    );
  });

  it('when outside production the same settings are used, then they are not refused (they are how Fortuna is tried)', async () => {
    const { NODE_ENV: _production, ...deployment } = safeProduction(nowhere);
    // Refused by nobody: it fails only later, opening the database that is not there.
    await expect(
      startFortuna({ ...deployment, SMS_PROVIDER: 'log', DEV_ENDPOINTS: 'on' }, { logger: false }),
    ).rejects.not.toBeInstanceOf(StartRefused);
  });

  it('when main.ts is started with NODE_ENV=production and log providers, then it exits 1 with the causes on stderr', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, ...safeProduction(nowhere), SMS_PROVIDER: 'log', MAIL_TRANSPORT: 'log' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('Refusing to start with NODE_ENV=production');
    expect(stderr).toContain('SMS_PROVIDER=log');
    expect(stderr).toContain('MAIL_TRANSPORT=log');
  }, 30_000);

  it('when a variable is invalid, then the configuration error is what stops the start', async () => {
    await expect(startFortuna({ PORT: 'eighty' }, { logger: false })).rejects.toBeInstanceOf(ConfigError);
    await expect(startFortuna({ OPERATOR_SECRETS_KEY: 'not-32-bytes' }, { logger: false })).rejects.toThrow(
      /OPERATOR_SECRETS_KEY must be 32 random bytes/,
    );
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;
const describeOnPostgres = !serverUrl && process.env.CI !== 'true' ? describe.skip : describe;

describeOnPostgres(
  `starting on PostgreSQL in deployment and production modes${serverUrl ? '' : ' [skipped: TEST_DATABASE_URL is not set]'}`,
  () => {
    const drops: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const drop of drops) await drop();
    }, 30_000);
    async function freshDatabase(): Promise<string> {
      if (!serverUrl) throw new Error('CI needs TEST_DATABASE_URL for the production start test');
      const database = await createPostgresDatabase();
      drops.push(database.drop);
      return database.url;
    }
    async function usernamesIn(url: string) {
      const handle = await openPostgres(url, { maxConnections: 1 });
      try {
        const memberRows = await handle.db.select({ username: members.username }).from(members);
        const operatorRows = await handle.db.select({ username: operators.username }).from(operators);
        return { members: memberRows.map((r) => r.username), operators: operatorRows.map((r) => r.username) };
      } finally {
        await handle.close();
      }
    }

    describe('with NODE_ENV=production on a fresh database', () => {
      let started: StartedFortuna | undefined;
      beforeAll(async () => {
        started = await startFortuna(safeProduction(await freshDatabase()), { logger: false });
      }, 60_000);
      afterAll(async () => stop(started));
      const app = () => {
        if (!started) throw new Error('not started');
        return started.app;
      };

      it('then the site answers from the production seed and no demo account exists', async () => {
        const whitelabel = await app().inject({ method: 'GET', url: SystemPaths.whitelabel });
        expect(whitelabel.statusCode).toBe(200);
        const names = await usernamesIn(started?.config.DATABASE_URL ?? '');
        expect(names).toEqual({ members: [], operators: [] });
      });

      it.each(demoMembers.map((demo) => [demo.username, demo.password]))(
        'then the demo member %s cannot log in with its published password',
        async (username, password) => {
          const ticket = await sliderTicket(app(), started?.database.db as never, 'login');
          const answer = await app().inject({
            method: 'POST',
            url: SessionPaths.login,
            payload: { username, password, type: 'username', sliderTicket: ticket },
          });
          expect(answer.statusCode).not.toBe(200);
          expect(answer.json().value?.token).toBeUndefined();
        },
      );

      it.each(demoOperators.map((demo) => [demo.username]))(
        'then the demo operator %s cannot log in with the published password',
        async (username) => {
          for (const password of [DEMO_PASSWORD, DEMO_DEFAULT_PASSWORD]) {
            const answer = await app().inject({
              method: 'POST',
              url: OperatorPaths.login,
              payload: { username, password },
            });
            expect(answer.statusCode).toBe(401);
            // Not TOTP_REQUIRED: that would mean the account is there and the password right.
            expect(answer.json().code).toBe('LOGIN_FAILED');
          }
        },
      );

      it.each([
        VerificationPaths.devSmsOutbox,
        VerificationPaths.devMailOutbox,
        `${VerificationPaths.devCaptchaPeek}/anything`,
      ])('then %s is 404', async (url) => {
        expect((await app().inject({ method: 'GET', url })).statusCode).toBe(404);
      });
    });

    describe('on a database that held the demo (DEMO_DATA=on once)', () => {
      let databaseUrl: string;
      beforeAll(async () => {
        databaseUrl = await freshDatabase();
        const { NODE_ENV: _production, ...deployment } = safeProduction(databaseUrl);
        await stop(await startFortuna({ ...deployment, DEMO_DATA: 'on' }, { logger: false }));
      }, 120_000);

      it('when DATABASE_URL is set without DEMO_DATA, then a demo operator that was deleted does not come back', async () => {
        const handle = await openPostgres(databaseUrl, { maxConnections: 1 });
        await handle.db.delete(operators).where(eq(operators.username, 'admin01'));
        await handle.close();
        const { NODE_ENV: _production, ...deployment } = safeProduction(databaseUrl);
        await stop(await startFortuna(deployment, { logger: false }));
        expect((await usernamesIn(databaseUrl)).operators).toEqual(['finance01']);
      }, 60_000);

      it('when it is started with another OPERATOR_SECRETS_KEY, then the start stops naming the key and the operators whose secrets it does not open; with the old key among the old keys, it starts and re-seals them', async () => {
        const { NODE_ENV: _production, ...deployment } = safeProduction(databaseUrl);
        const newKey = randomBytes(32).toString('hex');
        const stopped = await startFortuna(
          { ...deployment, OPERATOR_SECRETS_KEY: newKey },
          { logger: false },
        ).then(stop, (error: unknown) => error);
        expect(stopped).toBeInstanceOf(ConfigError);
        expect((stopped as Error).message).toMatch(
          /^OPERATOR_SECRETS_KEY .*does not open the authenticator secrets of 1 operator/,
        );

        const rotated = await startFortuna(
          { ...deployment, OPERATOR_SECRETS_KEY: newKey, OPERATOR_SECRETS_OLD_KEYS: THIS_DEPLOYMENTS_KEY },
          { logger: false },
        );
        await stop(rotated);
        // Re-sealed: the new key alone now opens them, and the old one alone no longer does.
        await stop(await startFortuna({ ...deployment, OPERATOR_SECRETS_KEY: newKey }, { logger: false }));
        await expect(startFortuna(deployment, { logger: false })).rejects.toBeInstanceOf(ConfigError);
      }, 120_000);

      it('when it is started with NODE_ENV=production, then the start is refused naming the leftover demo accounts', async () => {
        const message = await refusal(safeProduction(databaseUrl));
        expect(message).toContain('demo accounts with published passwords are in the database');
        expect(message).toContain('member demo01');
        expect(message).toContain('operator finance01');
      }, 60_000);
    });
  },
);
