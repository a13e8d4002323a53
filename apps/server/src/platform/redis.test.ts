import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { createRedisSpace } from './redis.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const describeWithRedis = redisUrl || process.env.CI === 'true' ? describe : describe.skip;

describeWithRedis(
  `a deployment's Redis space${redisUrl ? '' : ' [skipped: TEST_REDIS_URL is not set]'}`,
  () => {
    const name = `space-${randomBytes(4).toString('hex')}`;

    it('when a key is written, also by a script, then on the server it is under fortuna:<deployment>:', async () => {
      if (!redisUrl) throw new Error('CI needs TEST_REDIS_URL');
      const raw = new Redis(redisUrl);
      const commands = await createRedisSpace(redisUrl, name).commands();
      try {
        await commands.set('plain', '1', 'PX', 60_000);
        await commands.eval("return redis.call('SET', KEYS[1], '2', 'PX', 60000)", 1, 'scripted');
        expect(await raw.get(`fortuna:${name}:plain`)).toBe('1');
        expect(await raw.get(`fortuna:${name}:scripted`)).toBe('2');
        expect(await raw.exists('plain', 'scripted')).toBe(0);
      } finally {
        await commands.quit();
        await raw.quit();
      }
    });

    it('when a message is published, then it travels on fortuna:<deployment>:<channel> and listeners see the bare channel', async () => {
      if (!redisUrl) throw new Error('CI needs TEST_REDIS_URL');
      const wire = new Redis(redisUrl);
      const space = createRedisSpace(redisUrl, name);
      const [publisher, listener] = await Promise.all([space.pubSub(), space.pubSub()]);
      try {
        const onWire: string[] = [];
        wire.on('pmessage', (_pattern: string, channel: string) => onWire.push(channel));
        await wire.psubscribe(`*${name}*`);
        const heard: string[] = [];
        listener.onMessage((channel, message) => heard.push(`${channel} ${message}`));
        await listener.subscribe('member:7');
        await publisher.publish('member:7', 'hi');
        await expect.poll(() => heard).toEqual(['member:7 hi']);
        await expect.poll(() => onWire).toEqual([`fortuna:${name}:member:7`]);
      } finally {
        await Promise.all([publisher.close(), listener.close()]);
        wire.disconnect();
      }
    });

    it('when another deployment uses the same key and channel names, then neither sees the other', async () => {
      if (!redisUrl) throw new Error('CI needs TEST_REDIS_URL');
      const ours = createRedisSpace(redisUrl, name);
      const theirs = createRedisSpace(redisUrl, `${name}-other`);
      const [ourCommands, theirCommands] = await Promise.all([ours.commands(), theirs.commands()]);
      const [ourPubSub, theirPubSub] = await Promise.all([ours.pubSub(), theirs.pubSub()]);
      try {
        await theirCommands.set('shared', 'theirs', 'PX', 60_000);
        expect(await ourCommands.get('shared')).toBeNull();
        const heard: string[] = [];
        ourPubSub.onMessage((_channel, message) => heard.push(message));
        await ourPubSub.subscribe('site');
        await theirPubSub.publish('site', 'theirs');
        await ourPubSub.publish('site', 'ours');
        await expect.poll(() => heard).toContain('ours');
        expect(heard).toEqual(['ours']);
      } finally {
        await Promise.all([ourCommands.quit(), theirCommands.quit(), ourPubSub.close(), theirPubSub.close()]);
      }
    });

    it('when the name is not a deployment name, then no space is made', () => {
      expect(() => createRedisSpace('redis://127.0.0.1:6379', 'Other Site')).toThrow(/deployment name/);
    });
  },
);
