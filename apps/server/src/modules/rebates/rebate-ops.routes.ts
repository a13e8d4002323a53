import type { Call } from '@fortuna/contracts/call';
import { RebateOpsCalls } from '@fortuna/contracts/rebates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type RouteDocs, routeOf } from '../../platform/declared-route.ts';
import { ok } from '../../platform/reply.ts';
import { type OperatorGuards, operatorOf } from '../operators/operator-guards.ts';
import type { RebatesService } from './rebates.service.ts';

const tags = ['ops'];
const security = [{ opsToken: [] }];

function opsRouteOf<const C extends Call, const S extends number>(call: C, docs: RouteDocs<S>) {
  const route = routeOf(call, docs);
  return { ...route, schema: { ...route.schema, security } };
}

/** Operators and rebates (ADR 039): rates (read: ADMIN, FINANCE, SUPPORT; set: ADMIN, audited) and payouts. */
export const rebateOpsRoutes: FastifyPluginAsyncZod<{
  rebates: RebatesService;
  operatorGuards: OperatorGuards;
}> = async (app, { rebates, operatorGuards }) => {
  const read = operatorGuards.require('ADMIN', 'FINANCE', 'SUPPORT');

  app.route({
    ...opsRouteOf(RebateOpsCalls.rates, {
      tags,
      summary: 'Rebate rates in basis points, per member level and game category (0 where unset)',
      failures: [401, 403],
    }),
    onRequest: read,
    handler: async () => ok(await rebates.rates()),
  });

  app.route({
    ...opsRouteOf(RebateOpsCalls.setRate, {
      tags,
      summary:
        "Sets a level's rebate rate for a category (audited); rows already paid in part keep their first rate",
      failures: [400, 401, 403],
    }),
    onRequest: operatorGuards.require('ADMIN'),
    handler: async (request) =>
      ok(await rebates.setRate(request.params, request.body, operatorOf(request).actor)),
  });

  app.route({
    ...opsRouteOf(RebateOpsCalls.payouts, {
      tags,
      summary: 'What was paid for a site day per member and category, by claims and by the daily job',
      failures: [400, 401, 403],
    }),
    onRequest: read,
    handler: async (request) => ok(await rebates.payouts(request.query)),
  });
};
