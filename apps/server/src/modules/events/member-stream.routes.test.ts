import { EventPaths } from '@fortuna/contracts/events';
import { TRIAL_MEMBER_TYPE } from '@fortuna/contracts/member-types';
import { MessageOpsPaths } from '@fortuna/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { inTransaction } from '../../platform/db/after-commit.ts';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import { createInProcessBus } from '../../platform/events.ts';
import {
  createInProcessMemberEvents,
  createRedisMemberEvents,
  type MemberEvents,
} from '../../platform/member-events.ts';
import { opsHeaders, TEST_OPS_TOKEN } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { testRedisSpace } from '../../test/redis.ts';
import { memberSessions } from '../identity/identity.schema.ts';
import { newOpaqueToken, tokenHash } from '../identity/secrets.ts';
import { createLedgerService, type LedgerService } from '../ledger/ledger.service.ts';
import { move, posting } from '../ledger/ledger.test-helpers.ts';
import { openEventStream } from './stream-reader.test-helpers.ts';

const redisUrl = process.env.TEST_REDIS_URL;

/** Counts the listeners the streams hold, to see a closed page let go of its subscription. */
function countingListeners(inner: MemberEvents) {
  let listening = 0;
  const events: MemberEvents = {
    publish: (memberId, event) => inner.publish(memberId, event),
    broadcast: (event) => inner.broadcast(event),
    async subscribe(memberId, listener, page) {
      const stop = await inner.subscribe(memberId, listener, page);
      listening += 1;
      return () => {
        listening -= 1;
        stop();
      };
    },
    end: (memberId, which, reason) => inner.end(memberId, which, reason),
    close: () => inner.close(),
  };
  return { events, listening: () => listening };
}

/**
 * An API node on a real port: the app, and a ledger wired to the same member events as the
 * app's own (both are built from the one `memberEvents`).
 */
async function startNode(database: DatabaseHandle, memberEvents: MemberEvents) {
  const config = loadConfig({ WEB_DIST_DIR: '/nonexistent', DEV_ENDPOINTS: 'on', OPS_TOKEN: TEST_OPS_TOKEN });
  const app = await buildApp({ config, database, events: createInProcessBus(), memberEvents, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const ledger = createLedgerService({ db: database.db, currency: () => 'PHP', memberEvents });
  const origin = `http://127.0.0.1:${address.port}`;
  return { app, ledger, memberEvents, origin, streamUrl: `${origin}${EventPaths.stream}` };
}

/** A member with a live session, as a login would have left it, and a main account. */
async function loggedInMember(database: DatabaseHandle, ledger: LedgerService, type = 0) {
  const member = await createMember(database.db, { type });
  const token = newOpaqueToken();
  await database.db.insert(memberSessions).values({
    tokenHash: tokenHash(token),
    memberId: member.id,
    kind: 'PASSWORD',
    ip: '127.0.0.1',
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  const account = await ledger.mainAccountOf(member.id);
  return { member, token, accountId: account.id };
}

describeEachDatabase('member event stream', (database) => {
  let node: Awaited<ReturnType<typeof startNode>>;
  let counted: ReturnType<typeof countingListeners>;
  let houseId: bigint;
  beforeAll(async () => {
    counted = countingListeners(createInProcessMemberEvents());
    node = await startNode(database(), counted.events);
    houseId = (await node.ledger.systemAccount('HOUSE')).id;
  });
  afterAll(() => node.app.close());

  it('when nobody is logged in, then 401 and no stream', async () => {
    for (const token of [undefined, 'not-a-live-session-token-at-all-xyz']) {
      const response = await fetch(
        node.streamUrl,
        token ? { headers: { authorization: `Bearer ${token}` } } : {},
      );
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    }
  });

  it('when money is posted to the member, then the stream says hello and then the new balance', async () => {
    const alice = await loggedInMember(database(), node.ledger);
    const stream = await openEventStream(node.streamUrl, alice.token);
    expect(stream.status).toBe(200);
    expect(await stream.next()).toEqual({ type: 'hello', heartbeatSeconds: 25 });
    await node.ledger.post(posting(move(houseId, alice.accountId, 12_345n), { type: 'DEPOSIT' }));
    expect(await stream.next()).toEqual({ type: 'balance', wallet: 'MAIN', balanceMinor: '12345' });
    await node.ledger.post(posting(move(alice.accountId, houseId, 345n)));
    expect(await stream.next()).toEqual({ type: 'balance', wallet: 'MAIN', balanceMinor: '12000' });
    stream.close();
  });

  it('when another member receives money, then this member’s stream hears nothing of it', async () => {
    const alice = await loggedInMember(database(), node.ledger);
    const bob = await loggedInMember(database(), node.ledger);
    const stream = await openEventStream(node.streamUrl, alice.token);
    await stream.next();
    await node.ledger.post(posting(move(houseId, bob.accountId, 999n)));
    await node.ledger.post(posting(move(houseId, alice.accountId, 1n)));
    // Alice's own posting came second: had Bob's reached her, it would be here first.
    expect(await stream.next()).toEqual({ type: 'balance', wallet: 'MAIN', balanceMinor: '1' });
    stream.close();
  });

  it('when the posting is part of a caller’s transaction, then the event waits for its commit and a rollback sends none', async () => {
    const alice = await loggedInMember(database(), node.ledger);
    const stream = await openEventStream(node.streamUrl, alice.token);
    await stream.next();
    await expect(
      inTransaction(database().db, async (tx) => {
        await node.ledger.post(posting(move(houseId, alice.accountId, 500n)), tx);
        throw new Error('the caller gives up');
      }),
    ).rejects.toThrow('the caller gives up');
    await inTransaction(database().db, async (tx) => {
      await node.ledger.post(posting(move(houseId, alice.accountId, 70n)), tx);
      // Not yet committed: nothing may have been sent.
      await expect(stream.next(200)).rejects.toThrow('no event');
    });
    expect(await stream.next()).toEqual({ type: 'balance', wallet: 'MAIN', balanceMinor: '70' });
    stream.close();
  });

  it('when a site event is broadcast, then the open streams of members and trial accounts all hear it', async () => {
    const alice = await loggedInMember(database(), node.ledger);
    const trial = await loggedInMember(database(), node.ledger, TRIAL_MEMBER_TYPE);
    const streams = await Promise.all(
      [alice, trial].map((who) => openEventStream(node.streamUrl, who.token)),
    );
    for (const stream of streams) await stream.next();
    await counted.events.broadcast({ type: 'announcements' });
    for (const stream of streams) expect(await stream.next()).toEqual({ type: 'announcements' });
    for (const stream of streams) stream.close();
  });

  it('when a trial account connects, then it gets a stream too', async () => {
    const trial = await loggedInMember(database(), node.ledger, TRIAL_MEMBER_TYPE);
    const stream = await openEventStream(node.streamUrl, trial.token);
    expect(stream.status).toBe(200);
    expect(await stream.next()).toEqual({ type: 'hello', heartbeatSeconds: 25 });
    stream.close();
  });

  it('when the page goes away, then its subscription is dropped', async () => {
    const alice = await loggedInMember(database(), node.ledger);
    await expect.poll(() => counted.listening()).toBe(0);
    const stream = await openEventStream(node.streamUrl, alice.token);
    await stream.next();
    expect(counted.listening()).toBe(1);
    stream.close();
    await expect.poll(() => counted.listening()).toBe(0);
  });

  it('when the app closes, then open streams end instead of holding the shutdown', async () => {
    const other = await startNode(database(), createInProcessMemberEvents());
    const alice = await loggedInMember(database(), other.ledger);
    const stream = await openEventStream(other.streamUrl, alice.token);
    await stream.next();
    const started = Date.now();
    await other.app.close();
    expect(Date.now() - started).toBeLessThan(2_000);
    await expect(stream.next()).rejects.toThrow(/ended|terminated/);
  });
});

function twoNodeSuite(url: string) {
  describeEachDatabase('member event stream on two API nodes sharing Redis', (database) => {
    let nodeA: Awaited<ReturnType<typeof startNode>>;
    let nodeB: Awaited<ReturnType<typeof startNode>>;
    beforeAll(async () => {
      const space = testRedisSpace(url);
      nodeA = await startNode(database(), await createRedisMemberEvents(space));
      nodeB = await startNode(database(), await createRedisMemberEvents(space));
    });
    afterAll(async () => {
      await nodeA?.app.close();
      await nodeB?.app.close();
    });

    it('when money is posted on node A, then the member’s stream on node B hears the new balance', async () => {
      const house = await nodeA.ledger.systemAccount('HOUSE');
      const alice = await loggedInMember(database(), nodeA.ledger);
      const bob = await loggedInMember(database(), nodeA.ledger);
      const onB = await openEventStream(nodeB.streamUrl, alice.token);
      expect(await onB.next()).toMatchObject({ type: 'hello' });
      await nodeA.ledger.post(posting(move(house.id, bob.accountId, 5n)));
      await nodeA.ledger.post(posting(move(house.id, alice.accountId, 2_500n)));
      expect(await onB.next()).toEqual({ type: 'balance', wallet: 'MAIN', balanceMinor: '2500' });
      onB.close();
    });

    it('when node A broadcasts a site event, then a page connected to node B hears it', async () => {
      const alice = await loggedInMember(database(), nodeA.ledger);
      const onB = await openEventStream(nodeB.streamUrl, alice.token);
      expect(await onB.next()).toMatchObject({ type: 'hello' });
      await nodeA.memberEvents.broadcast({ type: 'announcements' });
      expect(await onB.next()).toEqual({ type: 'announcements' });
      onB.close();
    });

    it('when an operator sends a member a message through node A, then their page on node B hears the new unread count', async () => {
      const alice = await loggedInMember(database(), nodeA.ledger);
      const onB = await openEventStream(nodeB.streamUrl, alice.token);
      expect(await onB.next()).toMatchObject({ type: 'hello' });
      const sent = await fetch(`${nodeA.origin}${MessageOpsPaths.messages}`, {
        method: 'POST',
        headers: { ...opsHeaders, 'content-type': 'application/json' },
        body: JSON.stringify({
          audience: 'MEMBER',
          username: alice.member.username,
          title: 'Hi',
          body: 'Hello',
        }),
      });
      expect(sent.status).toBe(200);
      expect(await onB.next()).toEqual({ type: 'messages', unreadCount: 1 });
      onB.close();
    });
  });
}

if (redisUrl) twoNodeSuite(redisUrl);
else if (process.env.CI === 'true')
  it('member event stream on two API nodes sharing Redis', () => {
    throw new Error('CI needs TEST_REDIS_URL');
  });
else describe.skip('member event stream on two API nodes [skipped: TEST_REDIS_URL is not set]', () => {});
