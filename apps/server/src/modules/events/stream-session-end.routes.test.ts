import { randomBytes } from 'node:crypto';
import { EventPaths, STREAMS_PER_SESSION } from '@fortuna/contracts/events';
import { MemberPaths } from '@fortuna/contracts/member';
import { SessionPaths } from '@fortuna/contracts/session';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import { createInProcessBus } from '../../platform/events.ts';
import { createMemberEvents } from '../../platform/member-events.ts';
import { createRedisSpace } from '../../platform/redis.ts';
import { TEST_OPS_TOKEN } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { bearer, createMember, TEST_PASSWORD } from '../../test/identity-fixtures.ts';
import { memberSessions } from '../identity/identity.schema.ts';
import { newOpaqueToken, tokenHash } from '../identity/secrets.ts';
import { type OpenedStream, openEventStream } from './stream-reader.test-helpers.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const NEW_PASSWORD = 'Quasar-Lantern-8841';
/** Revoking a session closes its streams within this long, on any node. */
const WITHIN_A_SECOND = 1_000;

/**
 * An API node on a real port. With a deployment on Redis, its member events, rate counter and
 * stream slots are shared with the other nodes of that deployment.
 */
async function startNode(database: DatabaseHandle, redis?: { url: string; deployment: string }) {
  const memberEvents = await createMemberEvents(
    redis ? createRedisSpace(redis.url, redis.deployment) : undefined,
  );
  const config = loadConfig({
    WEB_DIST_DIR: '/nonexistent',
    DEV_ENDPOINTS: 'on',
    OPS_TOKEN: TEST_OPS_TOKEN,
    ...(redis ? { REDIS_URL: redis.url, DEPLOYMENT_NAME: redis.deployment } : {}),
  });
  const app = await buildApp({ config, database, events: createInProcessBus(), memberEvents, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const origin = `http://127.0.0.1:${address.port}`;
  return {
    app,
    memberEvents,
    /** An open stream of the session, past its hello. */
    async stream(token: string): Promise<OpenedStream> {
      const stream = await openEventStream(`${origin}${EventPaths.stream}`, token);
      expect(await stream.next()).toMatchObject({ type: 'hello' });
      return stream;
    },
    logout: (token: string) =>
      app.inject({ method: 'DELETE', url: SessionPaths.logout, headers: bearer(token) }),
    changePassword: (token: string) =>
      app.inject({
        method: 'POST',
        url: MemberPaths.changePassword,
        headers: bearer(token),
        payload: { oldPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD },
      }),
  };
}
type Node = Awaited<ReturnType<typeof startNode>>;

/** A member and a live session of theirs, as a login leaves it. */
async function memberWithSession(database: DatabaseHandle) {
  const member = await createMember(database.db);
  return { member, token: await newSession(database, member.id) };
}

async function newSession(database: DatabaseHandle, memberId: bigint): Promise<string> {
  const token = newOpaqueToken();
  await database.db.insert(memberSessions).values({
    tokenHash: tokenHash(token),
    memberId,
    kind: 'PASSWORD',
    ip: '127.0.0.1',
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return token;
}

/** The stream's last word is that its session ended, and then it is over. */
async function expectEnded(stream: OpenedStream, reason: 'session-ended' | 'replaced'): Promise<void> {
  expect(await stream.next(WITHIN_A_SECOND)).toEqual({ type: 'ended', reason });
  await expect(stream.next(WITHIN_A_SECOND)).rejects.toThrow(/ended|terminated/);
}

/** The streams still hear the member's events. */
async function expectOpen(node: Node, memberId: bigint, streams: OpenedStream[]): Promise<void> {
  const unreadCount = Math.floor(Math.random() * 1000);
  await node.memberEvents.publish(memberId, { type: 'messages', unreadCount });
  for (const stream of streams) expect(await stream.next()).toEqual({ type: 'messages', unreadCount });
}

describeEachDatabase('event streams end with their session', (database) => {
  let node: Node;
  beforeAll(async () => {
    node = await startNode(database());
  });
  afterAll(() => node.app.close());

  it("when the member logs out, then that session's open stream ends within a second and the member's other session keeps its own", async () => {
    const { member, token } = await memberWithSession(database());
    const phone = await newSession(database(), member.id);
    const [laptopStream, phoneStream] = [await node.stream(token), await node.stream(phone)];
    expect((await node.logout(token)).statusCode).toBe(200);
    await expectEnded(laptopStream, 'session-ended');
    await expectOpen(node, member.id, [phoneStream]);
    phoneStream.close();
  });

  it('when the member changes the password, then every open stream of every session ends within a second, and the new token streams', async () => {
    const { member, token } = await memberWithSession(database());
    const phone = await newSession(database(), member.id);
    const streams = [await node.stream(token), await node.stream(token), await node.stream(phone)];
    const changed = await node.changePassword(token);
    expect(changed.statusCode).toBe(200);
    for (const stream of streams) await expectEnded(stream, 'session-ended');
    const renewed = await node.stream(changed.json().value.token);
    await expectOpen(node, member.id, [renewed]);
    renewed.close();
  });

  it('when the session expires while its stream is open, then the stream ends', async () => {
    const { token } = await memberWithSession(database());
    await database()
      .db.update(memberSessions)
      .set({ expiresAt: sql`now() + interval '300 milliseconds'` })
      .where(eq(memberSessions.tokenHash, tokenHash(token)));
    const stream = await node.stream(token);
    expect(await stream.next(3_000)).toEqual({ type: 'ended', reason: 'session-ended' });
  });

  it(`when a session opens a stream beyond ${STREAMS_PER_SESSION}, then its oldest stream is replaced and the newest ones stay open`, async () => {
    const { member, token } = await memberWithSession(database());
    const streams: OpenedStream[] = [];
    for (let n = 0; n < STREAMS_PER_SESSION; n += 1) streams.push(await node.stream(token));
    const [oldest, ...rest] = streams;
    if (!oldest) throw new Error('no stream');
    const newest = await node.stream(token);
    await expectEnded(oldest, 'replaced');
    await expectOpen(node, member.id, [...rest, newest]);
    for (const stream of [...rest, newest]) stream.close();
  });
});

function twoNodeSuite(url: string) {
  describeEachDatabase(
    'event streams end with their session, across two API nodes on one Redis',
    (database) => {
      let nodeA: Node;
      let nodeB: Node;
      beforeAll(async () => {
        const deployment = `streams-${randomBytes(4).toString('hex')}`;
        nodeA = await startNode(database(), { url, deployment });
        nodeB = await startNode(database(), { url, deployment });
      });
      afterAll(async () => {
        await nodeA?.app.close();
        await nodeB?.app.close();
      });

      it('when the member logs out on node A, then the stream of that session on node B ends within a second', async () => {
        const { token } = await memberWithSession(database());
        const onB = await nodeB.stream(token);
        expect((await nodeA.logout(token)).statusCode).toBe(200);
        await expectEnded(onB, 'session-ended');
      });

      it('when the member changes the password on node A, then the streams on node B end within a second', async () => {
        const { member, token } = await memberWithSession(database());
        const phone = await newSession(database(), member.id);
        const onB = [await nodeB.stream(token), await nodeB.stream(phone)];
        expect((await nodeA.changePassword(token)).statusCode).toBe(200);
        for (const stream of onB) await expectEnded(stream, 'session-ended');
      });

      it(`when a session's streams are spread over both nodes, then the one beyond ${STREAMS_PER_SESSION} replaces the oldest, wherever it is`, async () => {
        const { member, token } = await memberWithSession(database());
        const streams: OpenedStream[] = [];
        for (let n = 0; n < STREAMS_PER_SESSION; n += 1)
          streams.push(await (n % 2 === 0 ? nodeA : nodeB).stream(token));
        const [oldest, ...rest] = streams;
        if (!oldest) throw new Error('no stream');
        const newest = await nodeB.stream(token);
        await expectEnded(oldest, 'replaced');
        await expectOpen(nodeA, member.id, [...rest, newest]);
        for (const stream of [...rest, newest]) stream.close();
      });
    },
  );
}

if (redisUrl) twoNodeSuite(redisUrl);
else if (process.env.CI === 'true')
  it('event streams across two API nodes', () => {
    throw new Error('CI needs TEST_REDIS_URL');
  });
else describe.skip('event streams across two API nodes [skipped: TEST_REDIS_URL is not set]', () => {});
