import type { Call } from '@fortuna/contracts/call';
import { PromotionOpsCalls } from '@fortuna/contracts/promotions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type RouteDocs, routeOf } from '../../platform/declared-route.ts';
import { ok } from '../../platform/reply.ts';
import { type OperatorGuards, operatorOf } from '../operators/operator-guards.ts';
import type { PromotionOps } from './promotion-ops.ts';

const tags = ['ops'];
const security = [{ opsToken: [] }];

function opsRouteOf<const C extends Call, const S extends number>(call: C, docs: RouteDocs<S>) {
  const route = routeOf(call, docs);
  return { ...route, schema: { ...route.schema, security } };
}

/**
 * Operators and promotions (ADR 045): read by ADMIN, FINANCE and SUPPORT; paused, resumed or ended
 * by ADMIN; bonuses granted or revoked by hand by ADMIN and FINANCE; every change audited.
 */
export const promotionOpsRoutes: FastifyPluginAsyncZod<{
  ops: PromotionOps;
  operatorGuards: OperatorGuards;
}> = async (app, { ops, operatorGuards }) => {
  app.route({
    ...opsRouteOf(PromotionOpsCalls.promotions, {
      tags,
      summary: 'Every promotion with its schedule, terms, budget, what its grants spent, and its grants',
      failures: [401, 403],
    }),
    onRequest: operatorGuards.require('ADMIN', 'FINANCE', 'SUPPORT'),
    handler: async () => ok(await ops.list()),
  });

  app.route({
    ...opsRouteOf(PromotionOpsCalls.setStatus, {
      tags,
      summary:
        'Pauses, resumes or ends a promotion (audited); an ended one stays ended, and grants already given keep their terms',
      failures: [400, 401, 403, 404, 409],
    }),
    onRequest: operatorGuards.require('ADMIN'),
    handler: async (request) =>
      ok(await ops.setStatus(BigInt(request.params.id), request.body, operatorOf(request).actor)),
  });

  app.route({
    ...opsRouteOf(PromotionOpsCalls.grant, {
      tags,
      summary:
        "Grants a bonus by hand from the promotion's budget under its wagering terms, within its per-member limit (audited)",
      failures: [400, 401, 403, 404, 409],
    }),
    onRequest: operatorGuards.require('ADMIN', 'FINANCE'),
    handler: async (request) =>
      ok(await ops.grantByHand(BigInt(request.params.id), request.body, operatorOf(request).actor)),
  });

  app.route({
    ...opsRouteOf(PromotionOpsCalls.revoke, {
      tags,
      summary:
        "Revokes an unreleased bonus: the bonus balance pays it back and it returns to the promotion's budget (audited)",
      failures: [400, 401, 403, 404, 409],
    }),
    onRequest: operatorGuards.require('ADMIN', 'FINANCE'),
    handler: async (request) =>
      ok(await ops.revoke(BigInt(request.params.id), request.body, operatorOf(request).actor)),
  });
};
