import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

/** Events every API node must hear, e.g. that the site configuration changed. */
export type PlatformEvent = 'site-config.changed' | 'content.changed' | 'games.changed';

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

const CHANNEL_PREFIX = 'fortuna:';

/** Many nodes: Redis pub/sub carries each event to every other node. */
export async function createRedisBus(url: string): Promise<EventBus> {
  const nodeId = randomUUID();
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const subscriber = new Redis(url, { lazyConnect: true });
  await Promise.all([publisher.connect(), subscriber.connect()]);
  const listeners = new Map<string, (() => void)[]>();
  subscriber.on('message', (channel: string, origin: string) => {
    if (origin === nodeId) return;
    for (const listener of listeners.get(channel) ?? []) listener();
  });
  return {
    async publish(event) {
      await publisher.publish(CHANNEL_PREFIX + event, nodeId);
    },
    async subscribe(event, listener) {
      const channel = CHANNEL_PREFIX + event;
      const existing = listeners.get(channel);
      if (existing) existing.push(listener);
      else {
        listeners.set(channel, [listener]);
        await subscriber.subscribe(channel);
      }
    },
    async close() {
      listeners.clear();
      subscriber.disconnect();
      await publisher.quit();
    },
  };
}

export function createEventBus(redisUrl: string | undefined): Promise<EventBus> {
  return redisUrl ? createRedisBus(redisUrl) : Promise.resolve(createInProcessBus());
}
