import { randomUUID } from 'node:crypto';
import {
  type MemberEvent,
  MemberEventSchema,
  type PushedEvent,
  type SiteEvent,
  SiteEventSchema,
  StreamEndedEventSchema,
  type StreamEndReason,
} from '@fortuna/contracts/events';
import { z } from 'zod';
import type { RedisSpace } from './redis.ts';

/** An open page's listener: its member's events and the site's. */
export type MemberEventListener = (event: PushedEvent) => void;

/** An open page's stream, which the server may end: by its session, or by its own id. */
export interface PageStream {
  /** The session's token hash. */
  session: string;
  /** This stream's own id. */
  stream: string;
  end(reason: StreamEndReason): void;
}

/** Which of a member's streams to end: those of these sessions, and these streams. */
export interface StreamSelection {
  sessions?: string[];
  streams?: string[];
}

/**
 * Events addressed to one member (their balance changed, …), heard by every open page of that
 * member on whichever API node it is connected to; and site events, heard by every open page.
 */
export interface MemberEvents {
  /** Delivers to this node's listeners at once and, with Redis, to the other nodes'. Never rejects. */
  publish(memberId: bigint, event: MemberEvent): Promise<void>;
  /** Delivers to every listener of every node, like `publish`. Never rejects. */
  broadcast(event: SiteEvent): Promise<void>;
  /**
   * Resolves once the member's events are being heard, with the call that stops listening. With
   * `page`, `end` can reach the stream from any node.
   */
  subscribe(memberId: bigint, listener: MemberEventListener, page?: PageStream): Promise<() => void>;
  /** Ends the member's selected streams on this node at once and, with Redis, on the others. Never rejects. */
  end(memberId: bigint, which: StreamSelection, reason: StreamEndReason): Promise<void>;
  close(): Promise<void>;
}

/** What goes wrong on the way to Redis is told here; a lost event only delays a refresh. */
export type MemberEventsErrorLog = (error: unknown, message: string) => void;

/** This node's listeners, by member, each with its page stream when it has one. */
function createListenerRegistry() {
  const byMember = new Map<string, Map<MemberEventListener, PageStream | undefined>>();
  return {
    /** True when this is the member's first listener on this node. */
    add(memberKey: string, listener: MemberEventListener, page?: PageStream): boolean {
      const listeners = byMember.get(memberKey);
      if (listeners) {
        listeners.set(listener, page);
        return false;
      }
      byMember.set(memberKey, new Map([[listener, page]]));
      return true;
    },
    /** True when the member has no listener left on this node. */
    remove(memberKey: string, listener: MemberEventListener): boolean {
      const listeners = byMember.get(memberKey);
      if (!listeners?.delete(listener)) return false;
      if (listeners.size > 0) return false;
      byMember.delete(memberKey);
      return true;
    },
    deliver(memberKey: string, event: MemberEvent): void {
      for (const listener of byMember.get(memberKey)?.keys() ?? []) listener(event);
    },
    deliverToAll(event: SiteEvent): void {
      for (const listeners of byMember.values()) for (const listener of listeners.keys()) listener(event);
    },
    end(memberKey: string, which: StreamSelection, reason: StreamEndReason): void {
      for (const page of [...(byMember.get(memberKey)?.values() ?? [])])
        if (page && (which.sessions?.includes(page.session) || which.streams?.includes(page.stream)))
          page.end(reason);
    },
    clear: () => byMember.clear(),
  };
}

/** One node: events reach only the pages connected to this process. */
export function createInProcessMemberEvents(): MemberEvents {
  const listeners = createListenerRegistry();
  return {
    async publish(memberId, event) {
      listeners.deliver(memberId.toString(), event);
    },
    async broadcast(event) {
      listeners.deliverToAll(event);
    },
    async subscribe(memberId, listener, page) {
      const key = memberId.toString();
      listeners.add(key, listener, page);
      return () => void listeners.remove(key, listener);
    },
    async end(memberId, which, reason) {
      listeners.end(memberId.toString(), which, reason);
    },
    async close() {
      listeners.clear();
    },
  };
}

// Channel names inside the deployment's Redis space (redis.ts adds the deployment's prefix).
const CHANNEL_PREFIX = 'member:';
/** One channel for the site's events, which every node subscribes to from the start. */
const SITE_CHANNEL = 'site';
const MemberWireSchema = z.union([
  z.object({ origin: z.string(), event: MemberEventSchema }),
  z.object({
    origin: z.string(),
    end: z.object({
      sessions: z.array(z.string()).optional(),
      streams: z.array(z.string()).optional(),
      reason: StreamEndedEventSchema.shape.reason,
    }),
  }),
]);
const SiteWireSchema = z.object({ origin: z.string(), event: SiteEventSchema });

/**
 * Many nodes: a Redis channel per member, subscribed on one connection per node while the member
 * has a page open on it. Each node hears only its own members' events, rather than every event
 * of the site through a pattern. The publishing node has delivered locally already, so it skips
 * its own messages, like the platform bus (events.ts).
 */
export async function createRedisMemberEvents(
  redis: RedisSpace,
  logError: MemberEventsErrorLog = (error, message) => console.error(message, error),
): Promise<MemberEvents> {
  const nodeId = randomUUID();
  const pubSub = await redis.pubSub();
  pubSub.onError((error) => logError(error, 'member events: Redis connection'));
  const listeners = createListenerRegistry();
  const pending = new Map<string, Promise<unknown>>();

  /** Another node's message, or undefined for our own and for unreadable ones. */
  function othersMessage<M extends { origin: string }>(
    wire: z.ZodType<M>,
    channel: string,
    message: string,
  ): M | undefined {
    try {
      const parsed = wire.parse(JSON.parse(message));
      return parsed.origin === nodeId ? undefined : parsed;
    } catch (error) {
      logError(error, `member events: unreadable message on ${channel}`);
      return undefined;
    }
  }
  pubSub.onMessage((channel, message) => {
    if (channel === SITE_CHANNEL) {
      const site = othersMessage(SiteWireSchema, channel, message);
      if (site) listeners.deliverToAll(site.event);
      return;
    }
    const member = othersMessage(MemberWireSchema, channel, message);
    const memberKey = channel.slice(CHANNEL_PREFIX.length);
    if (member && 'event' in member) listeners.deliver(memberKey, member.event);
    else if (member) listeners.end(memberKey, member.end, member.end.reason);
  });
  await pubSub.subscribe(SITE_CHANNEL);

  return {
    async publish(memberId, event) {
      const key = memberId.toString();
      listeners.deliver(key, event);
      try {
        await pubSub.publish(CHANNEL_PREFIX + key, JSON.stringify({ origin: nodeId, event }));
      } catch (error) {
        logError(error, `member events: publish to member ${key} failed`);
      }
    },
    async broadcast(event) {
      listeners.deliverToAll(event);
      try {
        await pubSub.publish(SITE_CHANNEL, JSON.stringify({ origin: nodeId, event }));
      } catch (error) {
        logError(error, 'member events: site broadcast failed');
      }
    },
    async end(memberId, which, reason) {
      const key = memberId.toString();
      listeners.end(key, which, reason);
      try {
        await pubSub.publish(
          CHANNEL_PREFIX + key,
          JSON.stringify({ origin: nodeId, end: { ...which, reason } }),
        );
      } catch (error) {
        logError(error, `member events: ending streams of member ${key} failed`);
      }
    },
    async subscribe(memberId, listener, page) {
      const key = memberId.toString();
      // Commands on one connection run in order, so a quick unsubscribe and subscribe cannot swap.
      if (listeners.add(key, listener, page)) {
        const subscribed = pubSub.subscribe(CHANNEL_PREFIX + key);
        pending.set(key, subscribed);
        subscribed.finally(() => pending.delete(key)).catch(() => {});
      }
      try {
        // A second page of the member waits for the first one's SUBSCRIBE too.
        await pending.get(key);
      } catch (error) {
        listeners.remove(key, listener);
        throw error;
      }
      return () => {
        if (!listeners.remove(key, listener)) return;
        pubSub
          .unsubscribe(CHANNEL_PREFIX + key)
          .catch((error) => logError(error, `member events: unsubscribe from member ${key} failed`));
      };
    },
    async close() {
      listeners.clear();
      await pubSub.close();
    },
  };
}

export function createMemberEvents(
  redis: RedisSpace | undefined,
  logError?: MemberEventsErrorLog,
): Promise<MemberEvents> {
  return redis ? createRedisMemberEvents(redis, logError) : Promise.resolve(createInProcessMemberEvents());
}
