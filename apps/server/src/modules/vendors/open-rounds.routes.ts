import {
  OpenRoundsQuerySchema,
  OpenRoundsResponseSchema,
  OpsRoundParamsSchema,
  OpsRoundPaths,
  RoundRefundResponseSchema,
  RoundRefundSchema,
} from '@fortuna/contracts/ops-rounds';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failures, ok } from '../../platform/reply.ts';
import { type OperatorGuards, operatorOf } from '../operators/operator-guards.ts';
import type { OpenRounds } from './open-rounds.service.ts';

const tags = ['ops'];
const security = [{ opsToken: [] }];

/** Rounds vendors left open, and their refund: money, so FINANCE and ADMIN only. */
export const openRoundsRoutes: FastifyPluginAsyncZod<{
  rounds: OpenRounds;
  operatorGuards: OperatorGuards;
}> = async (app, { rounds, operatorGuards }) => {
  const finance = operatorGuards.require('ADMIN', 'FINANCE');

  app.get(
    OpsRoundPaths.open,
    {
      onRequest: finance,
      schema: {
        tags,
        security,
        summary: 'Seamless rounds still open (never credited nor rolled back) past an age, oldest first',
        querystring: OpenRoundsQuerySchema,
        response: { 200: OpenRoundsResponseSchema, ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await rounds.list(request.query)),
  );

  app.post(
    OpsRoundPaths.refund,
    {
      onRequest: finance,
      schema: {
        tags,
        security,
        summary:
          "Refund an open round's stake to the member's main wallet and cancel it; the vendor's later calls on it are refused (audited)",
        params: OpsRoundParamsSchema,
        body: RoundRefundSchema,
        response: { 200: RoundRefundResponseSchema, ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(await rounds.refund(BigInt(request.params.id), operatorOf(request), request.body.note)),
  );
};
