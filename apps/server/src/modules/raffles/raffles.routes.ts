import { RaffleCalls } from '@fortuna/contracts/raffles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, callerOf } from '../../platform/auth.ts';
import { routeOf } from '../../platform/declared-route.ts';
import { ok } from '../../platform/reply.ts';
import type { RafflesService } from './raffles.service.ts';

const tags = ['promotions'];

/** The raffle's member calls (spec 7.4) and its public list and verification (ADR 067). */
export const raffleRoutes: FastifyPluginAsyncZod<{ raffles: RafflesService; guards: AuthGuards }> = async (
  app,
  { raffles, guards },
) => {
  app.route({
    ...routeOf(RaffleCalls.view, {
      tags,
      summary:
        "Spec 7.4 rafflePromotion: one raffle (draw time, ticket rule, prizes, the seed's hash; after the draw the seed, closing value and winners) with the caller's tickets and wins",
      failures: [400, 401, 403, 404],
    }),
    onRequest: guards.realMember,
    handler: async (request) =>
      ok(
        await raffles.mine(
          callerOf(request).memberId,
          BigInt(request.body.raffleId),
          request.body.lang ?? 'EN',
        ),
      ),
  });

  app.route({
    ...routeOf(RaffleCalls.claim, {
      tags,
      summary:
        'Spec 7.4 MCS2_claimRafflePromotion: joins an open raffle and issues the tickets earned since it opened (deposits, valid bets; each source once, up to the cap); again, issues what was earned since',
      failures: [400, 401, 403, 404, 409],
    }),
    onRequest: guards.realMember,
    handler: async (request) =>
      ok(
        await raffles.claim(
          callerOf(request).memberId,
          BigInt(request.body.raffleId),
          request.body.lang ?? 'EN',
        ),
      ),
  });

  app.route({
    ...routeOf(RaffleCalls.list, {
      tags,
      summary:
        'The raffles open now or drawn in the last 30 days, with their seed hashes (and seeds once drawn)',
      failures: [400],
    }),
    handler: async (request) => ok(await raffles.list(request.query.lang ?? 'EN')),
  });

  app.route({
    ...routeOf(RaffleCalls.verify, {
      tags,
      summary:
        'Recomputes a drawn raffle: does the revealed seed hash to the published hash, and do the winning tickets follow from seed, closing value and ticket count',
      failures: [400, 404, 409],
    }),
    handler: async (request) => ok(await raffles.verify(BigInt(request.params.id))),
  });
};
