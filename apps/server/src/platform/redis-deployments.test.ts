import { randomBytes } from 'node:crypto';
import { EventPaths } from '@fortuna/contracts/events';
import { WalletCallPaths } from '@fortuna/contracts/wallet';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../modules/events/stream-reader.test-helpers.ts';
import { testLedger } from '../modules/ledger/ledger.test-helpers.ts';
import { call, newRequestId } from '../modules/wallet/wallet.test-helpers.ts';
import { buildTestApp } from '../test/app.ts';
import { openSeededPglite } from '../test/databases.ts';
import { fund, loggedInMember, TEST_PAYMENT_PASSWORD } from '../test/wallet-fixtures.ts';
import type { DatabaseHandle } from './db/database.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const AGENT = 1;

/**
 * One deployment on its own database, with the shared Redis: its members are numbered from 1
 * like every other deployment's, so only DEPLOYMENT_NAME keeps them apart there.
 */
async function startDeployment(name: string, url: string) {
  const database = await openSeededPglite();
  const app = await buildTestApp(database, { REDIS_URL: url, DEPLOYMENT_NAME: name });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  // The same members in the same order: the same ids in both deployments.
  const db = database.db;
  const agent = await loggedInMember(db, { type: AGENT });
  const player = await loggedInMember(db, { uplineId: agent.member.id });
  await fund(testLedger(db), player.member.id, 100_000n);
  const transfer = (paymentPassword: string, amountMinor = '100') =>
    call(app, 'POST', WalletCallPaths.memberTransfer, player.headers, {
      direction: 'UPLINE',
      account: agent.member.username,
      amountMinor,
      paymentPassword,
      requestId: newRequestId(),
    });
  return {
    app,
    database,
    agent,
    player,
    transfer,
    streamUrl: `http://127.0.0.1:${address.port}${EventPaths.stream}`,
  };
}

const describeWithRedis = redisUrl || process.env.CI === 'true' ? describe : describe.skip;

describeWithRedis(
  `two deployments sharing one Redis${redisUrl ? '' : ' [skipped: TEST_REDIS_URL is not set]'}`,
  () => {
    const run = randomBytes(4).toString('hex');
    let east: Awaited<ReturnType<typeof startDeployment>>;
    let west: Awaited<ReturnType<typeof startDeployment>>;
    const opened: { app: FastifyInstance; database: DatabaseHandle }[] = [];
    beforeAll(async () => {
      if (!redisUrl) throw new Error('CI needs TEST_REDIS_URL');
      east = await startDeployment(`east-${run}`, redisUrl);
      opened.push(east);
      west = await startDeployment(`west-${run}`, redisUrl);
      opened.push(west);
      expect([west.agent.member.id, west.player.member.id]).toEqual([
        east.agent.member.id,
        east.player.member.id,
      ]);
    });
    afterAll(async () => {
      for (const { app, database } of opened) {
        await app.close();
        await database.close();
      }
    });

    it("when money moves for a member of one deployment, then the other deployment's member with the same id hears nothing of it", async () => {
      const westAgent = await openEventStream(west.streamUrl, west.agent.token);
      const eastAgent = await openEventStream(east.streamUrl, east.agent.token);
      expect(await westAgent.next()).toMatchObject({ type: 'hello' });
      expect(await eastAgent.next()).toMatchObject({ type: 'hello' });

      expect((await east.transfer(TEST_PAYMENT_PASSWORD, '77700')).status).toBe(200);
      expect(await eastAgent.next()).toMatchObject({ type: 'balance', balanceMinor: '77700' });
      // West's own transfer is the first balance west's agent hears: east's never reached it.
      expect((await west.transfer(TEST_PAYMENT_PASSWORD, '100')).status).toBe(200);
      expect(await westAgent.next()).toMatchObject({ type: 'balance', balanceMinor: '100' });
      westAgent.close();
      eastAgent.close();
    });

    it("when one deployment's member is held back for wrong payment passwords, then the other's member with the same id still pays", async () => {
      for (let wrong = 0; wrong < 5; wrong += 1)
        expect((await east.transfer('000000')).body.code).toBe('PAYMENT_PASSWORD_WRONG');
      expect((await east.transfer(TEST_PAYMENT_PASSWORD)).status).toBe(429);
      expect((await west.transfer(TEST_PAYMENT_PASSWORD)).status).toBe(200);
    });
  },
);
