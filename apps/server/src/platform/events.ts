import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

/** Events every API node must hear, e.g. that the site configuration changed. */
export type PlatformEvent = 'site-config.changed';

export interface EventBus {
  publish(event: PlatformEvent): Promise<void>;
  subscribe(event: PlatformEvent, listener: () => void): void;
  close(): Promise<void>;
}

/** One node: listeners in this process hear what this process publishes. */
export function createInProcessBus(): EventBus {
  const emitter = new EventEmitter();
  return {
    async publish(event) {
      emitter.emit(event);
    },
    subscribe(event, listener) {
      emitter.on(event, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

const CHANNEL_PREFIX = 'fortuna:';

/** Many nodes: Redis pub/sub carries each event to every node, the publisher included. */
export async function createRedisBus(url: string): Promise<EventBus> {
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const subscriber = new Redis(url, { lazyConnect: true });
  await Promise.all([publisher.connect(), subscriber.connect()]);
  const local = new EventEmitter();
  subscriber.on('message', (channel: string) => local.emit(channel.slice(CHANNEL_PREFIX.length)));
  return {
    async publish(event) {
      await publisher.publish(CHANNEL_PREFIX + event, '');
    },
    subscribe(event, listener) {
      if (local.listenerCount(event) === 0) void subscriber.subscribe(CHANNEL_PREFIX + event);
      local.on(event, listener);
    },
    async close() {
      local.removeAllListeners();
      subscriber.disconnect();
      await publisher.quit();
    },
  };
}

export function createEventBus(redisUrl: string | undefined): Promise<EventBus> {
  return redisUrl ? createRedisBus(redisUrl) : Promise.resolve(createInProcessBus());
}
