import { MessageCalls } from '@fortuna/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthenticatedMember, type AuthGuards, bearerTokenOf, callerOf } from '../../platform/auth.ts';
import { uncompressed } from '../../platform/compression.ts';
import { routeOf } from '../../platform/declared-route.ts';
import { AppError } from '../../platform/errors.ts';
import { ok, sendJson } from '../../platform/reply.ts';
import type { MessagesService } from './messages.service.ts';

const tags = ['messages'];

/** The member's platform messages (member centre messageV2) and the badge's unread count. */
/**
 * The session guard and the unread count in one query (identity sessions.authenticateWithUnreadCount):
 * the same checks as the member guard, null for any token that is not a live session's.
 */
export type SessionWithUnreadCount = (
  token: string,
) => Promise<{ member: AuthenticatedMember; unreadCount: number } | null>;

export const messageRoutes: FastifyPluginAsyncZod<{
  messages: MessagesService;
  guards: AuthGuards;
  sessionWithUnreadCount: SessionWithUnreadCount;
}> = async (app, { messages, guards, sessionWithUnreadCount }) => {
  app.route({
    ...routeOf(MessageCalls.unreadCount, {
      tags,
      summary: "The caller's unread platform messages (the member-centre badge)",
      failures: [401],
    }),
    // Read by every open lobby page; a few bytes are not worth compressing.
    ...uncompressed,
    handler: async (request, reply) => {
      // Its own guard, as the balance call: one round trip for the session and the count.
      const token = bearerTokenOf(request);
      const found = token ? await sessionWithUnreadCount(token) : null;
      if (!found) throw new AppError('UNAUTHENTICATED');
      request.member = found.member;
      const { unreadCount } = found;
      // Encoded here rather than by the schema serializer, as the balance call does (hot path).
      return sendJson(reply, Buffer.from(JSON.stringify(ok({ unreadCount }))));
    },
  });

  app.route({
    ...routeOf(MessageCalls.inbox, {
      tags,
      summary: "A page of the caller's messages, newest first, in the caller's language",
      failures: [400, 401],
    }),
    onRequest: guards.member,
    handler: async (request) => ok(await messages.inbox(callerOf(request), request.query)),
  });

  app.route({
    ...routeOf(MessageCalls.readAll, {
      tags,
      summary: "Marks all the caller's messages read",
      failures: [401],
    }),
    onRequest: guards.member,
    handler: async (request) => ok({ unreadCount: await messages.readAll(callerOf(request)) }),
  });

  app.route({
    ...routeOf(MessageCalls.message, {
      tags,
      summary: 'Opens one of the caller’s messages, which marks it read (404 for anyone else’s)',
      failures: [400, 401, 404],
    }),
    onRequest: guards.member,
    handler: async (request) => ok(await messages.open(callerOf(request), BigInt(request.params.id))),
  });

  app.route({
    ...routeOf(MessageCalls.remove, {
      tags,
      summary: 'Deletes one of the caller’s messages from their inbox (404 for anyone else’s)',
      failures: [400, 401, 404],
    }),
    onRequest: guards.member,
    handler: async (request) => {
      const unreadCount = await messages.remove(callerOf(request), BigInt(request.params.id));
      return ok({ removed: true as const, unreadCount });
    },
  });
};
