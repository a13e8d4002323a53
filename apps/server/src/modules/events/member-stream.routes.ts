import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import {
  EventPaths,
  STREAM_HEARTBEAT_SECONDS,
  type StreamEndReason,
  type StreamEvent,
} from '@fortuna/contracts/events';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, callerOf } from '../../platform/auth.ts';
import { uncompressed } from '../../platform/compression.ts';
import type { MemberEvents } from '../../platform/member-events.ts';
import { failures } from '../../platform/reply.ts';
import type { StreamSlots } from '../../platform/stream-slots.ts';

/** One Server-Sent Event: a single `data:` line (JSON has no raw newlines) and the blank line. */
const frameOf = (event: StreamEvent) => `data: ${JSON.stringify(event)}\n\n`;
const HEARTBEAT_FRAME = ': heartbeat\n\n';
/**
 * A stream looks at its session again at the session's expiry, and at least this often: a safety
 * net for an ending whose message was lost (Redis briefly away), or a member disabled in place.
 */
const RECHECK_SESSION_MS = 300_000;
/** Past the database's idea of the expiry, so that the second look finds it expired. */
const EXPIRY_MARGIN_MS = 50;

/**
 * The member's event stream: one per open lobby page, for as long as the page is open. A trial
 * account gets one too (it has no wallet, so no balance events, but issue 6's events reach it).
 */
export const memberStreamRoutes: FastifyPluginAsyncZod<{
  memberEvents: MemberEvents;
  guards: AuthGuards;
  /** At most STREAMS_PER_SESSION open streams per session, across nodes. */
  slots: StreamSlots;
  /** How long a session has left (identity's sessions), undefined once it is not live. */
  sessionTimeLeftMs(sessionTokenHash: string): Promise<number | undefined>;
}> = async (app, { memberEvents, guards, slots, sessionTimeLeftMs }) => {
  /** This node's open streams, each with the call that frees its slot. */
  const openStreams = new Map<ServerResponse, () => Promise<void>>();
  // One timer for all streams: a comment line keeps proxies and the browser from timing them out.
  const heartbeat = setInterval(() => {
    for (const stream of openStreams.keys()) stream.write(HEARTBEAT_FRAME);
  }, STREAM_HEARTBEAT_SECONDS * 1000);
  heartbeat.unref();
  let closing = false;
  // Streams never go idle, so the server would wait for them until the shutdown time-out; the
  // pages reconnect to another node. Their slots are freed first, while Redis is still there.
  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(heartbeat);
    await Promise.all([...openStreams.values()].map((release) => release()));
    for (const stream of openStreams.keys()) stream.end();
  });

  app.get(
    EventPaths.stream,
    {
      // Compression would hold events back in its buffer.
      ...uncompressed,
      onRequest: guards.member,
      schema: {
        tags: ['events'],
        summary:
          "The caller's server-pushed events (text/event-stream): a hello, then one `data:` line of JSON per event",
        response: failures(401),
      },
    },
    async (request, reply) => {
      const { memberId, sessionTokenHash: session } = callerOf(request);
      const streamId = randomUUID();
      reply.hijack();
      const stream = reply.raw;
      stream.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // nginx would otherwise buffer the stream.
        'x-accel-buffering': 'no',
      });
      let stopListening: (() => void) | undefined;
      let sessionCheck: NodeJS.Timeout | undefined;
      let gone = false;
      const release = () =>
        slots
          .release(session, streamId)
          .catch((error) => request.log.error({ err: error }, 'event stream: could not free its slot'));
      stream.on('close', () => {
        gone = true;
        openStreams.delete(stream);
        clearTimeout(sessionCheck);
        stopListening?.();
        // While closing, preClose has freed it already.
        if (!closing) void release();
      });
      /** The last frame says why, so the page knows whether to ask again (contracts: `ended`). */
      const endStream = (reason: StreamEndReason) => {
        if (gone) return;
        stream.end(frameOf({ type: 'ended', reason }));
      };
      /** Ends the stream once the session is not live; otherwise looks again at its expiry. */
      const watchSession = async () => {
        const leftMs = await sessionTimeLeftMs(session).catch((error) => {
          request.log.error({ err: error }, 'event stream: could not look at the session');
          return 0;
        });
        if (gone) return;
        if (leftMs === undefined) return endStream('session-ended');
        sessionCheck = setTimeout(
          () => void watchSession(),
          Math.min(leftMs + EXPIRY_MARGIN_MS, RECHECK_SESSION_MS),
        );
        sessionCheck.unref();
      };
      try {
        stopListening = await memberEvents.subscribe(memberId, (event) => stream.write(frameOf(event)), {
          session,
          stream: streamId,
          end: endStream,
        });
      } catch (error) {
        request.log.error({ err: error }, 'event stream: could not listen for the member');
        stream.end();
        return;
      }
      if (gone) {
        stopListening();
        return;
      }
      // Listening first, then looking: a session ended in between is seen by one or the other.
      await watchSession();
      if (gone) return;
      openStreams.set(stream, release);
      stream.write(frameOf({ type: 'hello', heartbeatSeconds: STREAM_HEARTBEAT_SECONDS }));
      try {
        const replaced = await slots.claim(session, streamId);
        if (replaced.length > 0) await memberEvents.end(memberId, { streams: replaced }, 'replaced');
      } catch (error) {
        // The cap waits for Redis; the page keeps its stream meanwhile.
        request.log.error({ err: error }, 'event stream: could not take a slot');
      }
    },
  );
};
