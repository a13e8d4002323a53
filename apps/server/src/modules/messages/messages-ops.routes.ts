import {
  MessageOpsPaths,
  MessageParamsSchema,
  SendMessageSchema,
  SentMessageListQuerySchema,
  SentMessageListResponseSchema,
  SentMessageResponseSchema,
} from '@fortuna/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BODY_LIMIT_BYTES } from '../../platform/body-limits.ts';
import { failures, ok } from '../../platform/reply.ts';
import { type OperatorGuards, operatorOf } from '../operators/operator-guards.ts';
import type { MessagesService } from './messages.service.ts';

const tags = ['ops'];

/** Operator calls of platform messages: send (one member, a list, everyone), list, withdraw. */
export const messageOpsRoutes: FastifyPluginAsyncZod<{
  messages: MessagesService;
  operatorGuards: OperatorGuards;
}> = async (app, { messages, operatorGuards }) => {
  const guard = operatorGuards.require('ADMIN', 'SUPPORT');

  app.post(
    MessageOpsPaths.messages,
    {
      onRequest: guard,
      bodyLimit: BODY_LIMIT_BYTES.operatorWrite,
      schema: {
        tags,
        summary: 'Sends a platform message to one member, a list of members or everyone (audited)',
        body: SendMessageSchema,
        response: { 200: SentMessageResponseSchema, ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await messages.send(request.body, operatorOf(request).actor)),
  );

  app.get(
    MessageOpsPaths.messages,
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'The messages sent, newest first',
        querystring: SentMessageListQuerySchema,
        response: { 200: SentMessageListResponseSchema, ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await messages.listSent(request.query)),
  );

  app.post(
    MessageOpsPaths.withdraw,
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Withdraws a message from every inbox (audited)',
        params: MessageParamsSchema,
        response: { 200: SentMessageResponseSchema, ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(await messages.withdraw(BigInt(request.params.id), operatorOf(request).actor)),
  );
};
