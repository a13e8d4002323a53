import { ReferralCalls } from '@fortuna/contracts/referrals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, callerOf } from '../../platform/auth.ts';
import { routeOf } from '../../platform/declared-route.ts';
import { ok } from '../../platform/reply.ts';
import type { ReferralsService } from './referrals.service.ts';

const tags = ['referral'];

/** Invite friends (spec 2.6 referral): the member's code and invitees, and whether the programme runs. */
export const referralRoutes: FastifyPluginAsyncZod<{
  referrals: ReferralsService;
  guards: AuthGuards;
}> = async (app, { referrals, guards }) => {
  app.route({
    ...routeOf(ReferralCalls.mine, {
      tags,
      summary:
        "The caller's referral code, its invitees (names masked) with their state and reward, and the programme",
      failures: [401, 403],
    }),
    onRequest: guards.realMember,
    handler: async (request) => ok(await referrals.mine(callerOf(request).memberId)),
  });

  app.route({
    ...routeOf(ReferralCalls.programme, {
      tags,
      summary:
        'The referral programme: availablePromo.REFERRAL.enabled of the public state, its condition and reward',
      failures: [],
    }),
    handler: async () => ok(await referrals.programme()),
  });
};
