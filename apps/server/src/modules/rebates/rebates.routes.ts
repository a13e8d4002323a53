import { RebateCalls } from '@fortuna/contracts/rebates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, callerOf } from '../../platform/auth.ts';
import { routeOf } from '../../platform/declared-route.ts';
import { ok } from '../../platform/reply.ts';
import type { RebatesService } from './rebates.service.ts';

const tags = ['rebates'];

/** The member's rebate: what has accrued, and the manual claim of spec 2.4 (MANPLAYREB3). */
export const rebateRoutes: FastifyPluginAsyncZod<{ rebates: RebatesService; guards: AuthGuards }> = async (
  app,
  { rebates, guards },
) => {
  app.route({
    ...routeOf(RebateCalls.accrued, {
      tags,
      summary: "The caller's rebate accrued on the days not yet paid by the daily job, per category",
      failures: [401, 403],
    }),
    onRequest: guards.realMember,
    handler: async (request) => ok(await rebates.accrued(callerOf(request).memberId)),
  });

  app.route({
    ...routeOf(RebateCalls.claim, {
      tags,
      summary:
        'Pays the accrued rebate into the main wallet now (MANPLAYREB3); the daily job then pays only the remainder. Twice at once pays once',
      failures: [401, 403, 409],
    }),
    onRequest: guards.realMember,
    handler: async (request) => ok(await rebates.claim(callerOf(request).memberId)),
  });
};
