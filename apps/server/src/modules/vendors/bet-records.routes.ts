import {
  BetRecordPaths,
  BetRecordsQuerySchema,
  BetRecordsResponseSchema,
  ProfitQuerySchema,
  ProfitResponseSchema,
} from '@fortuna/contracts/bet-records';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, callerOf } from '../../platform/auth.ts';
import { failures, ok } from '../../platform/reply.ts';
import type { BetRecordsService } from './bet-records.service.ts';

/** The caller's own betting record and profit and loss: no call reads another member's rounds. */
export const betRecordRoutes: FastifyPluginAsyncZod<{ bets: BetRecordsService; guards: AuthGuards }> = async (
  app,
  { bets, guards },
) => {
  app.get(
    BetRecordPaths.records,
    {
      onRequest: guards.member,
      schema: {
        tags: ['games'],
        summary:
          "The caller's rounds, newest first, filtered by date, category, vendor and status, with totals",
        querystring: BetRecordsQuerySchema,
        response: { 200: BetRecordsResponseSchema, ...failures(400, 401) },
      },
    },
    async (request) => ok(await bets.list(callerOf(request).memberId, request.query)),
  );

  app.get(
    BetRecordPaths.profit,
    {
      onRequest: guards.member,
      schema: {
        tags: ['games'],
        summary: "The caller's profit and loss over settled rounds, in total and per vendor",
        querystring: ProfitQuerySchema,
        response: { 200: ProfitResponseSchema, ...failures(400, 401) },
      },
    },
    async (request) => ok(await bets.profit(callerOf(request).memberId, request.query)),
  );
};
