import type { FastifyInstance } from 'fastify';
import type { AuthGuards } from '../../platform/auth.ts';
import type { OperatorGuards } from '../operators/operator-guards.ts';
import { messageRoutes, type SessionWithUnreadCount } from './messages.routes.ts';
import { createMessagesService } from './messages.service.ts';
import { messageOpsRoutes } from './messages-ops.routes.ts';

/** Members' messages (inbox, unread count) and the operators' sending of them. */
export async function registerMessages(
  app: FastifyInstance,
  deps: Parameters<typeof createMessagesService>[0] & {
    guards: AuthGuards;
    operatorGuards: OperatorGuards;
    sessionWithUnreadCount: SessionWithUnreadCount;
  },
): Promise<void> {
  const { guards, operatorGuards, sessionWithUnreadCount, ...serviceDeps } = deps;
  const messages = createMessagesService(serviceDeps);
  await app.register(messageRoutes, { messages, guards, sessionWithUnreadCount });
  await app.register(messageOpsRoutes, { messages, operatorGuards });
}
