import { DepositCalls, DepositPaths } from '@fortuna/contracts/deposit';
import { envelopeOf } from '@fortuna/contracts/envelope';
import { text } from '@fortuna/contracts/input-guard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuards, callerOf } from '../../platform/auth.ts';
import { routeOf } from '../../platform/declared-route.ts';
import { failures, ok } from '../../platform/reply.ts';
import { type DepositService, GatewayCallbackSchema } from './deposit.service.ts';

/** The member's deposit calls (spec 2.6 depositv2). */
export const depositRoutes: FastifyPluginAsyncZod<{ deposits: DepositService; guards: AuthGuards }> = async (
  app,
  { deposits, guards },
) => {
  app.route({
    ...routeOf(DepositCalls.channels, {
      tags: ['wallet'],
      summary: 'Deposit channels with their limits, fee and instructions',
      failures: [401, 403],
    }),
    onRequest: guards.realMember,
    handler: async () => ok({ channels: await deposits.channels() }),
  });

  app.route({
    ...routeOf(DepositCalls.createOrder, {
      tags: ['wallet'],
      summary:
        'Creates a deposit order (a pay URL for the gateway); the same requestId answers the same order',
      failures: [400, 401, 403, 409, 503],
    }),
    onRequest: guards.realMember,
    handler: async (request) => ok(await deposits.createOrder(callerOf(request).memberId, request.body)),
  });

  app.route({
    ...routeOf(DepositCalls.history, {
      tags: ['wallet'],
      summary: "The caller's deposits, newest first, with status",
      failures: [400, 401, 403],
    }),
    onRequest: guards.realMember,
    handler: async (request) => ok(await deposits.history(callerOf(request).memberId, request.query)),
  });

  app.route({
    ...routeOf(DepositCalls.order, {
      tags: ['wallet'],
      summary: "One of the caller's deposits",
      failures: [400, 401, 403, 404],
    }),
    onRequest: guards.realMember,
    handler: async (request) =>
      ok(await deposits.orderOf(callerOf(request).memberId, request.params.orderNo)),
  });
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
