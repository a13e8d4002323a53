import { Redis } from 'ioredis';

/**
 * The one way into Redis (Biome refuses `ioredis` imports anywhere else). Several deployments may
 * share one Redis server, and their member ids are database-local: member 7 of one site is not
 * member 7 of another. So every key and every channel lives under `fortuna:<DEPLOYMENT_NAME>:`,
 * applied here rather than by each user, so a new counter or channel cannot forget it.
 */
export interface RedisSpace {
  /** `fortuna:<deployment>:`, in front of every key and channel on the wire. */
  readonly prefix: string;
  /** A connection for commands; the keys it names (EVAL's KEYS too) get the prefix. */
  commands(): Promise<RedisCommands>;
  /** Publishing and subscribing under the prefix; listeners see channel names without it. */
  pubSub(): Promise<RedisPubSub>;
}

/**
 * What a command connection may do. Pub/sub and key listings are left out: ioredis prefixes keys
 * but not channels or the patterns of KEYS and SCAN, which would reach into other deployments.
 */
export type RedisCommands = Omit<
  Redis,
  | 'publish'
  | 'spublish'
  | 'subscribe'
  | 'ssubscribe'
  | 'psubscribe'
  | 'keys'
  | 'scan'
  | 'scanStream'
  | 'duplicate'
  | 'monitor'
>;

export interface RedisPubSub {
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string): Promise<void>;
  unsubscribe(channel: string): Promise<void>;
  onMessage(listener: (channel: string, message: string) => void): void;
  /** Without a listener ioredis throws connection errors; it reconnects and re-subscribes by itself. */
  onError(listener: (error: Error) => void): void;
  close(): Promise<void>;
}

/** Short and plain, so it reads well in keys, logs and metrics: lower-case letters, digits, - and _. */
export const DEPLOYMENT_NAME_PATTERN = /^[a-z0-9][a-z0-9_-]{0,31}$/;

export function createRedisSpace(url: string, deploymentName: string): RedisSpace {
  if (!DEPLOYMENT_NAME_PATTERN.test(deploymentName))
    throw new Error(`not a deployment name: ${JSON.stringify(deploymentName)}`);
  const prefix = `fortuna:${deploymentName}:`;
  return {
    prefix,
    async commands() {
      const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, keyPrefix: prefix });
      await redis.connect();
      return redis;
    },
    async pubSub() {
      // Two connections: one in subscriber mode cannot publish. No keyPrefix: channels are prefixed
      // here, by hand, because ioredis does not prefix them.
      const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
      const subscriber = new Redis(url, { lazyConnect: true });
      await Promise.all([publisher.connect(), subscriber.connect()]);
      return {
        async publish(channel, message) {
          await publisher.publish(prefix + channel, message);
        },
        async subscribe(channel) {
          await subscriber.subscribe(prefix + channel);
        },
        async unsubscribe(channel) {
          await subscriber.unsubscribe(prefix + channel);
        },
        onMessage(listener) {
          subscriber.on('message', (channel: string, message: string) => {
            if (channel.startsWith(prefix)) listener(channel.slice(prefix.length), message);
          });
        },
        onError(listener) {
          publisher.on('error', listener);
          subscriber.on('error', listener);
        },
        async close() {
          subscriber.disconnect();
          await publisher.quit();
        },
      };
    },
  };
}

/** The deployment's Redis space, or undefined without REDIS_URL (one node: everything in-process). */
export function redisSpaceOf(config: {
  REDIS_URL?: string;
  DEPLOYMENT_NAME: string;
}): RedisSpace | undefined {
  return config.REDIS_URL ? createRedisSpace(config.REDIS_URL, config.DEPLOYMENT_NAME) : undefined;
}
