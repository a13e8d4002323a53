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
};
