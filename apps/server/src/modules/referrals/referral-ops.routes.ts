import type { Call } from '@fortuna/contracts/call';
import { ReferralOpsCalls } from '@fortuna/contracts/referrals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type RouteDocs, routeOf } from '../../platform/declared-route.ts';
import { ok } from '../../platform/reply.ts';
import { type OperatorGuards, operatorOf } from '../operators/operator-guards.ts';
import type { ReferralsService } from './referrals.service.ts';

const tags = ['ops'];
const security = [{ opsToken: [] }];

function opsRouteOf<const C extends Call, const S extends number>(call: C, docs: RouteDocs<S>) {
  const route = routeOf(call, docs);
  return { ...route, schema: { ...route.schema, security } };
}

/** Operators: the referral programme (read ADMIN, FINANCE, SUPPORT; set ADMIN, audited) and the abuse flags (ADMIN, SUPPORT). */
export const referralOpsRoutes: FastifyPluginAsyncZod<{
  referrals: ReferralsService;
  operatorGuards: OperatorGuards;
}> = async (app, { referrals, operatorGuards }) => {
  app.route({
    ...opsRouteOf(ReferralOpsCalls.programme, {
      tags,
      summary: 'The referral programme: condition, reward, the promotion that pays it and whether it runs',
      failures: [401, 403],
    }),
    onRequest: operatorGuards.require('ADMIN', 'FINANCE', 'SUPPORT'),
    handler: async () => ok(await referrals.opsProgramme()),
  });

  app.route({
    ...opsRouteOf(ReferralOpsCalls.setProgramme, {
      tags,
      summary:
        'Sets the referral programme (audited); the reward is paid from a promotion with trigger REFERRAL',
      failures: [400, 401, 403],
    }),
    onRequest: operatorGuards.require('ADMIN'),
    handler: async (request) => ok(await referrals.setProgramme(request.body, operatorOf(request).actor)),
  });

  app.route({
    ...opsRouteOf(ReferralOpsCalls.abuseFlags, {
      tags,
      summary:
        'Accounts that look like one person (shared payee name, address, device; self-referral), newest first',
      failures: [400, 401, 403],
    }),
    onRequest: operatorGuards.require('ADMIN', 'SUPPORT'),
    handler: async (request) => ok(await referrals.abuseFlags(request.query)),
  });
};
