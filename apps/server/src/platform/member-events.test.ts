import type { MemberEvent, PushedEvent, SiteEvent } from '@fortuna/contracts/events';
import { describe, expect, it } from 'vitest';
import { testRedisSpace } from '../test/redis.ts';
import { createInProcessMemberEvents, createRedisMemberEvents, type MemberEvents } from './member-events.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const balance = (balanceMinor: string): MemberEvent => ({ type: 'balance', wallet: 'MAIN', balanceMinor });
const announcements: SiteEvent = { type: 'announcements' };

/** A member id no other run of these tests uses, so parallel runs on one Redis cannot cross. */
const freshMemberId = () => BigInt(Date.now()) * 1000n + BigInt(Math.floor(Math.random() * 1000));

function behavesAsMemberEvents(name: string, open: () => Promise<MemberEvents>) {
  describe(name, () => {
    it('when an event is published to a member, then each of their listeners hears it and nobody else', async () => {
      const events = await open();
      const [alice, bob] = [freshMemberId(), freshMemberId() + 1n];
      const heard: string[] = [];
      await events.subscribe(alice, (event) => heard.push(`page 1 ${JSON.stringify(event)}`));
      await events.subscribe(alice, (event) => heard.push(`page 2 ${JSON.stringify(event)}`));
      await events.subscribe(bob, () => heard.push('bob'));
      await events.publish(alice, balance('100'));
      await expect.poll(() => heard.length).toBe(2);
      const line = JSON.stringify(balance('100'));
      expect(heard.sort()).toEqual([`page 1 ${line}`, `page 2 ${line}`]);
      await events.close();
    });

    it('when a listener stops, then it hears nothing more while the member’s other page still does', async () => {
      const events = await open();
      const member = freshMemberId();
      const first: PushedEvent[] = [];
      const second: PushedEvent[] = [];
      const stopFirst = await events.subscribe(member, (event) => first.push(event));
      await events.subscribe(member, (event) => second.push(event));
      stopFirst();
      stopFirst();
      await events.publish(member, balance('5'));
      await expect.poll(() => second).toEqual([balance('5')]);
      expect(first).toEqual([]);
      await events.close();
    });

    it('when a site event is broadcast, then every listener of every member hears it once', async () => {
      const events = await open();
      const [alice, bob] = [freshMemberId(), freshMemberId() + 1n];
      const heard: string[] = [];
      const listen = (name: string) => (event: PushedEvent) => heard.push(`${name} ${event.type}`);
      await events.subscribe(alice, listen('alice 1'));
      await events.subscribe(alice, listen('alice 2'));
      const stopBob = await events.subscribe(bob, listen('bob'));
      await events.subscribe(bob + 1n, listen('carol'));
      stopBob();
      await events.broadcast(announcements);
      await expect.poll(() => heard.length).toBe(3);
      expect(heard.sort()).toEqual(['alice 1 announcements', 'alice 2 announcements', 'carol announcements']);
      await events.close();
    });
  });
}

behavesAsMemberEvents('in-process member events', async () => createInProcessMemberEvents());

if (redisUrl) {
  behavesAsMemberEvents('Redis member events', () => createRedisMemberEvents(testRedisSpace(redisUrl)));

  describe('Redis member events across nodes', () => {
    it('when node A publishes, then node B’s listeners of that member hear it once and A’s once', async () => {
      const space = testRedisSpace(redisUrl);
      const [nodeA, nodeB] = await Promise.all([
        createRedisMemberEvents(space),
        createRedisMemberEvents(space),
      ]);
      const member = freshMemberId();
      const heard: string[] = [];
      const minor = (event: PushedEvent) => (event.type === 'balance' ? event.balanceMinor : event.type);
      await nodeA.subscribe(member, (event) => heard.push(`A ${minor(event)}`));
      await nodeB.subscribe(member, (event) => heard.push(`B ${minor(event)}`));
      await nodeB.subscribe(member + 1n, () => heard.push('other member'));
      await nodeA.publish(member, balance('42'));
      await expect.poll(() => heard.length).toBe(2);
      // Time for a duplicate or a stray delivery to show up, had there been one.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heard.sort()).toEqual(['A 42', 'B 42']);
      await Promise.all([nodeA.close(), nodeB.close()]);
    });

    it('when node A broadcasts, then the pages on node B hear it once and A’s once', async () => {
      const space = testRedisSpace(redisUrl);
      const [nodeA, nodeB] = await Promise.all([
        createRedisMemberEvents(space),
        createRedisMemberEvents(space),
      ]);
      const heard: string[] = [];
      await nodeA.subscribe(freshMemberId(), (event) => heard.push(`A ${event.type}`));
      await nodeB.subscribe(freshMemberId() + 1n, (event) => heard.push(`B ${event.type}`));
      await nodeA.broadcast(announcements);
      // Other test runs may broadcast on the same Redis too: count only this node pair's hearing.
      await expect.poll(() => heard.length).toBeGreaterThanOrEqual(2);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heard.filter((line) => line.startsWith('A')).length).toBe(
        heard.filter((line) => line.startsWith('B')).length,
      );
      expect(heard.sort().slice(0, 2)).toEqual(['A announcements', 'B announcements']);
      await Promise.all([nodeA.close(), nodeB.close()]);
    });

    it('when the last listener of a member on a node stops, then that node no longer hears the member', async () => {
      const space = testRedisSpace(redisUrl);
      const [nodeA, nodeB] = await Promise.all([
        createRedisMemberEvents(space),
        createRedisMemberEvents(space),
      ]);
      const member = freshMemberId();
      const heard: PushedEvent[] = [];
      const stop = await nodeB.subscribe(member, (event) => heard.push(event));
      stop();
      const again: PushedEvent[] = [];
      await nodeB.subscribe(member, (event) => again.push(event));
      await nodeA.publish(member, balance('7'));
      await expect.poll(() => again).toEqual([balance('7')]);
      expect(heard).toEqual([]);
      await Promise.all([nodeA.close(), nodeB.close()]);
    });
  });
} else if (process.env.CI === 'true')
  it('Redis member events', () => {
    throw new Error('CI needs TEST_REDIS_URL');
  });
else describe.skip('Redis member events [skipped: TEST_REDIS_URL is not set]', () => {});
