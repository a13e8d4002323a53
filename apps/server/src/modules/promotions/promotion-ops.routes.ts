import type { Call } from '@fortuna/contracts/call';
import { PromotionSetupCalls } from '@fortuna/contracts/promotion-setup';
import { PromotionOpsCalls } from '@fortuna/contracts/promotions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BODY_LIMIT_BYTES } from '../../platform/body-limits.ts';
import { type RouteDocs, routeOf } from '../../platform/declared-route.ts';
import { ok } from '../../platform/reply.ts';
import { type OperatorGuards, operatorOf } from '../operators/operator-guards.ts';
import type { PromotionOps } from './promotion-ops.ts';
import type { PromotionSetup } from './promotion-setup.ts';

const tags = ['ops'];
const security = [{ opsToken: [] }];

export function opsRouteOf<const C extends Call, const S extends number>(call: C, docs: RouteDocs<S>) {
  const route = routeOf(call, docs);
  return { ...route, schema: { ...route.schema, security } };
}

/**
 * Operators and promotions (ADR 045): read by ADMIN, FINANCE and SUPPORT; paused, resumed or ended
 * by ADMIN; bonuses granted or revoked by hand by ADMIN and FINANCE; every change audited.
 */
export const promotionOpsRoutes: FastifyPluginAsyncZod<{
  ops: PromotionOps;
  setup: PromotionSetup;
  operatorGuards: OperatorGuards;
}> = async (app, { ops, setup, operatorGuards }) => {
  app.route({
    ...opsRouteOf(PromotionSetupCalls.create, {
      tags,
      summary:
        'Creates a promotion: type, texts (sanitised HTML), schedule (a future start shows as coming soon), audience, trigger, reward, limits, budget and wagering terms (audited)',
      failures: [400, 401, 403, 409],
    }),
    onRequest: operatorGuards.require('ADMIN'),
    bodyLimit: BODY_LIMIT_BYTES.operatorWrite,
    handler: async (request) => ok(await setup.create(request.body, operatorOf(request).actor)),
  });

  app.route({
    ...opsRouteOf(PromotionSetupCalls.one, {
      tags,
      summary: 'One promotion with its texts, audience and version, as an edit starts from',
      failures: [400, 401, 403, 404],
    }),
    onRequest: operatorGuards.require('ADMIN', 'FINANCE', 'SUPPORT'),
    handler: async (request) => ok(await setup.one(BigInt(request.params.id))),
  });

  app.route({
    ...opsRouteOf(PromotionSetupCalls.edit, {
      tags,
      summary:
        'Edits a promotion (every field but its code) and bumps its version: grants already given keep their terms (audited)',
      failures: [400, 401, 403, 404, 409],
    }),
    onRequest: operatorGuards.require('ADMIN'),
    bodyLimit: BODY_LIMIT_BYTES.operatorWrite,
    handler: async (request) =>
      ok(await setup.edit(BigInt(request.params.id), request.body, operatorOf(request).actor)),
  });

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
