import {
  CreateDepositOrderSchema,
  DepositChannelsResponseSchema,
  DepositHistoryQuerySchema,
  DepositHistoryResponseSchema,
  DepositOrderParamsSchema,
  DepositOrderResponseSchema,
  DepositPaths,
} from '@fortuna/contracts/deposit';
import { envelopeOf } from '@fortuna/contracts/envelope';
import { text } from '@fortuna/contracts/input-guard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuards, callerOf } from '../../platform/auth.ts';
import { failures, ok } from '../../platform/reply.ts';
import { type DepositService, GatewayCallbackSchema } from './deposit.service.ts';

/** The member's deposit calls (spec 2.6 depositv2). */
export const depositRoutes: FastifyPluginAsyncZod<{ deposits: DepositService; guards: AuthGuards }> = async (
  app,
  { deposits, guards },
) => {
  app.get(
    DepositPaths.channels,
    {
      onRequest: guards.realMember,
      schema: {
        tags: ['wallet'],
        summary: 'Deposit channels with their limits, fee and instructions',
        response: { 200: DepositChannelsResponseSchema, ...failures(401, 403) },
      },
    },
    async () => ok({ channels: await deposits.channels() }),
  );

  app.post(
    DepositPaths.orders,
    {
      onRequest: guards.realMember,
      schema: {
        tags: ['wallet'],
        summary:
          'Creates a deposit order (a pay URL for the gateway); the same requestId answers the same order',
        body: CreateDepositOrderSchema,
        response: { 200: DepositOrderResponseSchema, ...failures(400, 401, 403, 409, 503) },
      },
    },
    async (request) => ok(await deposits.createOrder(callerOf(request).memberId, request.body)),
  );

  app.get(
    DepositPaths.orders,
    {
      onRequest: guards.realMember,
      schema: {
        tags: ['wallet'],
        summary: "The caller's deposits, newest first, with status",
        querystring: DepositHistoryQuerySchema,
        response: { 200: DepositHistoryResponseSchema, ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await deposits.history(callerOf(request).memberId, request.query)),
  );

  app.get(
    DepositPaths.order,
    {
      onRequest: guards.realMember,
      schema: {
        tags: ['wallet'],
        summary: "One of the caller's deposits",
        params: DepositOrderParamsSchema,
        response: { 200: DepositOrderResponseSchema, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await deposits.orderOf(callerOf(request).memberId, request.params.orderNo)),
  );
};

declare module 'fastify' {
  interface FastifyRequest {
    rawDepositCallback?: string;
  }
}

/**
 * The gateway's callback. Its signature covers the exact bytes sent, so this plugin (encapsulated:
 * nothing else is affected) reads JSON as text and the service parses it after checking.
 */
export const depositCallbackRoutes: FastifyPluginAsyncZod<{ deposits: DepositService }> = async (
  app,
  { deposits },
) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 16_384 },
    (request, body, done) => {
      request.rawDepositCallback = body as string;
      done(null, {});
    },
  );
  app.post(
    DepositPaths.callback,
    {
      schema: {
        tags: ['wallet'],
        summary: "The payment gateway's signed word that an order was paid or failed (server to server)",
        // Read raw, signature first, so documented rather than declared (as the vendor protocol does).
        description: `Body: ${JSON.stringify(z.toJSONSchema(GatewayCallbackSchema))}`,
        response: {
          200: envelopeOf(z.object({ outcome: text() })),
          ...failures(400, 401, 404, 409, 503),
        },
      },
    },
    async (request) =>
      ok({ outcome: await deposits.handleCallback(request.headers, request.rawDepositCallback ?? '') }),
  );
};
