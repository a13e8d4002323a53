import { randomBytes } from 'node:crypto';
import { createRedisSpace, type RedisSpace } from '../platform/redis.ts';

/** A fresh deployment's space on the test Redis: no other test or helper shares its keys or channels. */
export function testRedisSpace(url: string, name = `test-${randomBytes(6).toString('hex')}`): RedisSpace {
  return createRedisSpace(url, name);
}
