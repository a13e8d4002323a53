import { BetRecordCalls } from '@fortuna/contracts/bet-records';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, callerOf } from '../../platform/auth.ts';
import { routeOf } from '../../platform/declared-route.ts';
import { ok } from '../../platform/reply.ts';
import type { BetRecordsService } from './bet-records.service.ts';
import type { RoundTicketsService } from './round-tickets.service.ts';

const tags = ['games'];

/** The caller's own betting record and profit and loss: no call reads another member's rounds. */
export const betRecordRoutes: FastifyPluginAsyncZod<{
  bets: BetRecordsService;
  tickets: RoundTicketsService;
  guards: AuthGuards;
}> = async (app, { bets, tickets, guards }) => {
  app.route({
    ...routeOf(BetRecordCalls.records, {
      tags,
      summary:
        "The caller's rounds, newest first, filtered by date, category, vendor and status, with totals",
      failures: [400, 401],
    }),
    onRequest: guards.member,
    handler: async (request) => ok(await bets.list(callerOf(request).memberId, request.query)),
  });

  app.route({
    ...routeOf(BetRecordCalls.profit, {
      tags,
      summary: "The caller's profit and loss over settled rounds, in total and per vendor",
      failures: [400, 401],
    }),
    onRequest: guards.member,
    handler: async (request) => ok(await bets.profit(callerOf(request).memberId, request.query)),
  });

  app.route({
    ...routeOf(BetRecordCalls.tickets, {
      tags,
      summary:
        "A lottery round's tickets (bet type, numbers, odds, stake, payout, rebate) and its draw, read from its vendor",
      failures: [400, 401, 404, 503],
    }),
    onRequest: guards.member,
    handler: async (request) =>
      ok(await tickets.of(callerOf(request).memberId, BigInt(request.params.id), request.query.language)),
  });
};
