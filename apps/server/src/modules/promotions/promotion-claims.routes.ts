import { PromotionClaimCalls } from '@fortuna/contracts/promotion-claims';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, callerOf } from '../../platform/auth.ts';
import { routeOf } from '../../platform/declared-route.ts';
import { ok } from '../../platform/reply.ts';
import type { PromotionClaims } from './promotion-claims.ts';

const tags = ['promotions'];

/** The member's promotions with their statuses (spec 4.10) and the claim (ADR 058). */
export const promotionClaimRoutes: FastifyPluginAsyncZod<{
  claims: PromotionClaims;
  guards: AuthGuards;
}> = async (app, { claims, guards }) => {
  app.route({
    ...routeOf(PromotionClaimCalls.mine, {
      tags,
      summary:
        "The promotions of the caller's audience, each with the caller's status (coming soon, join, claim, applying, claimed, …), and how many are claimable now (availablePromoCount)",
      failures: [401, 403],
    }),
    onRequest: guards.realMember,
    handler: async (request) => ok(await claims.mine(callerOf(request).memberId, request.query.lang)),
  });

  app.route({
    ...routeOf(PromotionClaimCalls.claim, {
      tags,
      summary:
        "Claims a promotion that is claimed rather than given on a deposit: in the caller's audience, running, its condition met, within its per-member limit and budget",
      failures: [400, 401, 403, 404, 409],
    }),
    onRequest: guards.realMember,
    handler: async (request) => ok(await claims.claim(callerOf(request).memberId, BigInt(request.params.id))),
  });
};
