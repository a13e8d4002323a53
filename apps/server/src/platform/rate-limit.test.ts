import { afterAll, describe, expect, it } from 'vitest';
import { testRedisSpace } from '../test/redis.ts';
import {
  createInProcessCounter,
  createRedisCounter,
  enforceRateLimit,
  type RateCounter,
} from './rate-limit.ts';

const redisUrl = process.env.TEST_REDIS_URL;

function behavesAsACounter(name: string, open: () => Promise<RateCounter>) {
  describe(name, () => {
    let counter: RateCounter | undefined;
    const prefix = `test:${Date.now()}:${Math.random()}`;
    afterAll(async () => counter?.close());

    it('when a key is hit, then the count grows within the window and reset starts over', async () => {
      counter = await open();
      expect((await counter.hit(`${prefix}:a`, 10_000)).count).toBe(1);
      expect((await counter.hit(`${prefix}:a`, 10_000)).count).toBe(2);
      expect(await counter.peek(`${prefix}:a`)).toBe(2);
      expect(await counter.peek(`${prefix}:b`)).toBe(0);
      await counter.reset(`${prefix}:a`);
      expect(await counter.peek(`${prefix}:a`)).toBe(0);
    });

    it('when the limit is passed, then enforceRateLimit throws RATE_LIMITED', async () => {
      counter ??= await open();
      await enforceRateLimit(counter, `${prefix}:c`, 2, 10_000);
      await enforceRateLimit(counter, `${prefix}:c`, 2, 10_000);
      await expect(enforceRateLimit(counter, `${prefix}:c`, 2, 10_000)).rejects.toMatchObject({
        code: 'RATE_LIMITED',
        status: 429,
      });
    });

    it('when a limit refuses, then it says how long until its window ends (the 429 Retry-After)', async () => {
      counter ??= await open();
      expect(await counter.remainingMs(`${prefix}:none`)).toBe(0);
      await counter.hit(`${prefix}:e`, 30_000);
      const left = await counter.remainingMs(`${prefix}:e`);
      expect(left).toBeGreaterThan(25_000);
      expect(left).toBeLessThanOrEqual(30_000);
      await enforceRateLimit(counter, `${prefix}:f`, 1, 30_000);
      await expect(enforceRateLimit(counter, `${prefix}:f`, 1, 30_000)).rejects.toMatchObject({
        retryAfterSeconds: 30,
      });
    });

    it('when the window has passed, then counting starts again', async () => {
      counter ??= await open();
      await counter.hit(`${prefix}:d`, 50);
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect((await counter.hit(`${prefix}:d`, 50)).count).toBe(1);
    });
  });
}

behavesAsACounter('in-process rate counter', async () => createInProcessCounter());
if (redisUrl) behavesAsACounter('Redis rate counter', () => createRedisCounter(testRedisSpace(redisUrl)));
else if (process.env.CI === 'true')
  it('Redis rate counter', () => {
    throw new Error('CI needs TEST_REDIS_URL');
  });
else describe.skip('Redis rate counter [skipped: TEST_REDIS_URL is not set]', () => {});
