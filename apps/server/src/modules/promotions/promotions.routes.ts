import { PromotionCalls } from '@fortuna/contracts/promotions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, callerOf } from '../../platform/auth.ts';
import { routeOf } from '../../platform/declared-route.ts';
import { ok } from '../../platform/reply.ts';
import type { PromotionsService } from './promotions.service.ts';

const tags = ['promotions'];

/** The running promotions (the lobby's page) and the member's bonuses (spec 2.6 bonusDetails). */
export const promotionRoutes: FastifyPluginAsyncZod<{
  promotions: PromotionsService;
  guards: AuthGuards;
}> = async (app, { promotions, guards }) => {
  app.route({
    ...routeOf(PromotionCalls.running, {
      tags,
      summary:
        'The promotions running now, in the language asked for (else English), with their sanitised texts. No token needed',
      failures: [],
    }),
    handler: async (request) => ok(await promotions.running(request.query.lang)),
  });

  app.route({
    ...routeOf(PromotionCalls.bonuses, {
      tags,
      summary:
        "The caller's bonuses: granted, wagering required and made, released or forfeited and why; and the bonus money held back until wagering is met",
      failures: [401, 403],
    }),
    onRequest: guards.realMember,
    handler: async (request) => {
      const { memberId } = callerOf(request);
      await promotions.followMember(memberId);
      return ok(await promotions.bonusesOf(memberId, request.query.lang));
    },
  });
  app.route({
    ...routeOf(PromotionCalls.cancel, {
      tags,
      summary:
        "Cancels one of the caller's bonuses still wagering, when its terms let the member (cancellable): it is forfeited (CANCELLED) and what is left of it, its winnings too, goes back to the house. A replay answers the same and moves nothing; another member's bonus is not found",
      failures: [400, 401, 403, 404, 409],
    }),
    onRequest: guards.realMember,
    handler: async (request) =>
      ok(await promotions.cancel(callerOf(request).memberId, BigInt(request.params.id), request.query.lang)),
  });
};
