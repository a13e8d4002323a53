import type { ServerResponse } from 'node:http';
import { EventPaths, STREAM_HEARTBEAT_SECONDS, type StreamEvent } from '@fortuna/contracts/events';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, callerOf } from '../../platform/auth.ts';
import { uncompressed } from '../../platform/compression.ts';
import type { MemberEvents } from '../../platform/member-events.ts';
import { failures } from '../../platform/reply.ts';

/** One Server-Sent Event: a single `data:` line (JSON has no raw newlines) and the blank line. */
const frameOf = (event: StreamEvent) => `data: ${JSON.stringify(event)}\n\n`;
const HEARTBEAT_FRAME = ': heartbeat\n\n';

/**
 * The member's event stream: one per open lobby page, for as long as the page is open. A trial
 * account gets one too (it has no wallet, so no balance events, but issue 6's events reach it).
 */
export const memberStreamRoutes: FastifyPluginAsyncZod<{
  memberEvents: MemberEvents;
  guards: AuthGuards;
}> = async (app, { memberEvents, guards }) => {
  const openStreams = new Set<ServerResponse>();
  // One timer for all streams: a comment line keeps proxies and the browser from timing them out.
  const heartbeat = setInterval(() => {
    for (const stream of openStreams) stream.write(HEARTBEAT_FRAME);
  }, STREAM_HEARTBEAT_SECONDS * 1000);
  heartbeat.unref();
  // Streams never go idle, so the server would wait for them until the shutdown time-out; the
  // pages reconnect to another node.
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    for (const stream of openStreams) stream.end();
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
      const { memberId } = callerOf(request);
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
      let gone = false;
      stream.on('close', () => {
        gone = true;
        openStreams.delete(stream);
        stopListening?.();
      });
      try {
        stopListening = await memberEvents.subscribe(memberId, (event) => stream.write(frameOf(event)));
      } catch (error) {
        request.log.error({ err: error }, 'event stream: could not listen for the member');
        stream.end();
        return;
      }
      if (gone) {
        stopListening();
        return;
      }
      openStreams.add(stream);
      stream.write(frameOf({ type: 'hello', heartbeatSeconds: STREAM_HEARTBEAT_SECONDS }));
    },
  );
};
