import { describe, expect, it } from 'vitest';
import { testRedisSpace } from '../test/redis.ts';
import { createRedisBus } from './events.ts';

const redisUrl = process.env.TEST_REDIS_URL;
// In CI a missing Redis is a failure, not a skip.
const describeWithRedis = redisUrl || process.env.CI === 'true' ? describe : describe.skip;

describeWithRedis(`Redis event bus${redisUrl ? '' : ' [skipped: TEST_REDIS_URL is not set]'}`, () => {
  it('when one node publishes, then the other nodes hear it and the publisher does not', async () => {
    if (!redisUrl) throw new Error('CI needs TEST_REDIS_URL');
    const space = testRedisSpace(redisUrl);
    const [nodeA, nodeB] = await Promise.all([createRedisBus(space), createRedisBus(space)]);
    const heard: string[] = [];
    await nodeA.subscribe('site-config.changed', () => heard.push('A'));
    await nodeB.subscribe('site-config.changed', () => heard.push('B'));
    await nodeA.publish('site-config.changed');
    await expect.poll(() => heard).toEqual(['B']);
    await Promise.all([nodeA.close(), nodeB.close()]);
  });
});
