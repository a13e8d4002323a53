import type { RedisSpace } from './redis.ts';

/**
 * The open event streams of each session, on all nodes together, capped at `limit`. A new stream
 * always gets in; when that makes one too many, the session's oldest streams are pushed out. The
 * newest wins because it is the page the person is looking at, and because a slot left behind by
 * a crashed node is then pushed out too instead of refusing the owner's pages until it expires.
 */
export interface StreamSlots {
  /** Takes a slot for the stream; answers the streams of the session to end, oldest first. */
  claim(session: string, stream: string): Promise<string[]>;
  release(session: string, stream: string): Promise<void>;
  close(): Promise<void>;
}

export function createInProcessStreamSlots(limit: number): StreamSlots {
  const bySession = new Map<string, string[]>();
  return {
    async claim(session, stream) {
      const streams = [...(bySession.get(session) ?? []), stream];
      const over = streams.splice(0, Math.max(streams.length - limit, 0));
      bySession.set(session, streams);
      return over;
    },
    async release(session, stream) {
      const streams = bySession.get(session)?.filter((open) => open !== stream) ?? [];
      if (streams.length > 0) bySession.set(session, streams);
      else bySession.delete(session);
    },
    async close() {
      bySession.clear();
    },
  };
}

const KEY_PREFIX = 'streams:';
/** A session lasts at most SESSION_MAX_HOURS; its slots are forgotten a day after the last claim. */
const FORGET_AFTER_MS = 86_400_000;
// In one step: add the stream, ordered by the Redis server's clock (one clock for every node),
// then take out and answer the oldest beyond the limit.
const CLAIM_SCRIPT = `
local now = redis.call('TIME')
redis.call('ZADD', KEYS[1], tonumber(now[1]) * 1000000 + tonumber(now[2]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
local over = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[2])
if over <= 0 then return {} end
local oldest = redis.call('ZRANGE', KEYS[1], 0, over - 1)
redis.call('ZREMRANGEBYRANK', KEYS[1], 0, over - 1)
return oldest`;

export async function createRedisStreamSlots(space: RedisSpace, limit: number): Promise<StreamSlots> {
  const redis = await space.commands();
  return {
    async claim(session, stream) {
      return (await redis.eval(
        CLAIM_SCRIPT,
        1,
        KEY_PREFIX + session,
        stream,
        limit,
        FORGET_AFTER_MS,
      )) as string[];
    },
    async release(session, stream) {
      await redis.zrem(KEY_PREFIX + session, stream);
    },
    async close() {
      await redis.quit();
    },
  };
}

export function createStreamSlots(redis: RedisSpace | undefined, limit: number): Promise<StreamSlots> {
  return redis ? createRedisStreamSlots(redis, limit) : Promise.resolve(createInProcessStreamSlots(limit));
}
