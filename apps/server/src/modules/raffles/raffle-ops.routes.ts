import { RaffleOpsCalls } from '@fortuna/contracts/raffles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BODY_LIMIT_BYTES } from '../../platform/body-limits.ts';
import { routeOf } from '../../platform/declared-route.ts';
import { ok } from '../../platform/reply.ts';
import { type OperatorGuards, operatorOf } from '../operators/operator-guards.ts';
import type { RafflesService } from './raffles.service.ts';

/** Operators create raffles (ADR 067) and pause, resume or cancel them (ADR 074): ADMIN, audited. */
export const raffleOpsRoutes: FastifyPluginAsyncZod<{
  raffles: RafflesService;
  operatorGuards: OperatorGuards;
}> = async (app, { raffles, operatorGuards }) => {
  const route = routeOf(RaffleOpsCalls.create, {
    tags: ['ops'],
    summary:
      'Creates a raffle: titles, opening and draw time, ticket rule (per valid bets and/or per deposit, cap per member), prize tiers and budget; its seed is made and its hash published now, before any ticket (audited)',
    failures: [400, 401, 403, 409],
  });
  app.route({
    ...route,
    schema: { ...route.schema, security: [{ opsToken: [] }] },
    onRequest: operatorGuards.require('ADMIN'),
    bodyLimit: BODY_LIMIT_BYTES.operatorWrite,
    handler: async (request, reply) =>
      reply.code(201).send(ok(await raffles.create(request.body, operatorOf(request).actor))),
  });

  const status = routeOf(RaffleOpsCalls.setStatus, {
    tags: ['ops'],
    summary:
      'Pauses (PAUSED: no ticket issued, and what members deposit or wager meanwhile never earns one), resumes (OPEN) or cancels (CANCELLED, final: no draw; tickets are only earned, never bought, so nothing is refunded) a raffle not yet drawn, with a reason (audited)',
    failures: [400, 401, 403, 404, 409],
  });
  app.route({
    ...status,
    schema: { ...status.schema, security: [{ opsToken: [] }] },
    onRequest: operatorGuards.require('ADMIN'),
    bodyLimit: BODY_LIMIT_BYTES.operatorWrite,
    handler: async (request) =>
      ok(await raffles.setStatus(BigInt(request.params.id), request.body, operatorOf(request).actor)),
  });
};
