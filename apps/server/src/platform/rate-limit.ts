import { AppError } from './errors.ts';
import type { RedisSpace } from './redis.ts';

/**
 * Counters in fixed windows, keyed by what is being limited ('login:ip:1.2.3.4'). With REDIS_URL
 * every API node counts in the same place; without it each process counts for itself.
 */
export interface RateCounter {
  /** Counts one event; answers the count in the current window and when that window ends. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /** The count in the current window, without counting. */
  peek(key: string): Promise<number>;
  /** How long until the current window of `key` ends; 0 when there is none. */
  remainingMs(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Throws RATE_LIMITED (429) once `key` has been hit more than `limit` times in the window. */
export async function enforceRateLimit(
  counter: RateCounter,
  key: string,
  limit: number,
  windowMs: number,
  message?: string,
): Promise<void> {
  const { count, resetInMs } = await counter.hit(key, windowMs);
  if (count > limit) throw new AppError('RATE_LIMITED', { message, retryAfterMs: resetInMs });
}

export function createInProcessCounter(now: () => number = Date.now): RateCounter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const sweep = setInterval(() => {
    const time = now();
    for (const [key, window] of windows) if (window.endsAt <= time) windows.delete(key);
  }, 60_000);
  sweep.unref();
  const current = (key: string) => {
    const window = windows.get(key);
    return window && window.endsAt > now() ? window : undefined;
  };
  return {
    async hit(key, windowMs) {
      const window = current(key) ?? { count: 0, endsAt: now() + windowMs };
      window.count += 1;
      windows.set(key, window);
      return { count: window.count, resetInMs: window.endsAt - now() };
    },
    async peek(key) {
      return current(key)?.count ?? 0;
    },
    async remainingMs(key) {
      const window = current(key);
      return window ? window.endsAt - now() : 0;
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      clearInterval(sweep);
      windows.clear();
    },
  };
}

// Inside the deployment's Redis space (redis.ts), beside its channels.
const PREFIX = 'rate:';
// INCR and the expiry of a new window in one step, so a crash between them cannot leave a key
// that never expires.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;

export async function createRedisCounter(space: RedisSpace): Promise<RateCounter> {
  const redis = await space.commands();
  return {
    async hit(key, windowMs) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, PREFIX + key, windowMs)) as [number, number];
      return { count, resetInMs: Math.max(ttl, 0) };
    },
    async peek(key) {
      return Number((await redis.get(PREFIX + key)) ?? 0);
    },
    async remainingMs(key) {
      return Math.max(await redis.pttl(PREFIX + key), 0);
    },
    async reset(key) {
      await redis.del(PREFIX + key);
    },
    async close() {
      await redis.quit();
    },
  };
}

export function createRateCounter(redis: RedisSpace | undefined): Promise<RateCounter> {
  return redis ? createRedisCounter(redis) : Promise.resolve(createInProcessCounter());
}
