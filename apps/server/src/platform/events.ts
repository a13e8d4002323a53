import { randomUUID } from 'node:crypto';
import type { RedisSpace } from './redis.ts';

/** Events every API node must hear, e.g. that the site configuration changed. */
export type PlatformEvent =
  | 'site-config.changed'
  | 'content.changed'
  | 'games.changed'
  | 'promotions.changed';

/**
 * Tells the OTHER API nodes that something changed. The node that made the change has already
 * acted on it, so a bus never hands a node its own messages back.
 */
export interface EventBus {
  publish(event: PlatformEvent): Promise<void>;
  subscribe(event: PlatformEvent, listener: () => void): Promise<void>;
  close(): Promise<void>;
}

/** A single node has nobody else to tell. */
export function createInProcessBus(): EventBus {
  return {
    async publish() {},
    async subscribe() {},
    async close() {},
  };
}

/** Many nodes: Redis pub/sub carries each event to every other node of this deployment. */
export async function createRedisBus(redis: RedisSpace): Promise<EventBus> {
  const nodeId = randomUUID();
  const pubSub = await redis.pubSub();
  const listeners = new Map<string, (() => void)[]>();
  pubSub.onMessage((channel, origin) => {
    if (origin === nodeId) return;
    for (const listener of listeners.get(channel) ?? []) listener();
  });
  return {
    async publish(event) {
      await pubSub.publish(event, nodeId);
    },
    async subscribe(event, listener) {
      const existing = listeners.get(event);
      if (existing) existing.push(listener);
      else {
        listeners.set(event, [listener]);
        await pubSub.subscribe(event);
      }
    },
    async close() {
      listeners.clear();
      await pubSub.close();
    },
  };
}

export function createEventBus(redis: RedisSpace | undefined): Promise<EventBus> {
  return redis ? createRedisBus(redis) : Promise.resolve(createInProcessBus());
}
