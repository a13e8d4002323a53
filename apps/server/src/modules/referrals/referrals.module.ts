import type { FastifyInstance } from 'fastify';
import type { AuthGuards } from '../../platform/auth.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { OperatorGuards } from '../operators/operator-guards.ts';
import { referralJob } from './referral-job.ts';
import { referralOpsRoutes } from './referral-ops.routes.ts';
import { referralRoutes } from './referrals.routes.ts';
import { createReferralsService, type ReferralsDeps, type ReferralsService } from './referrals.service.ts';

/** Invite friends (ADR 060): the member's calls, the operators' calls and the reward job. */
export async function registerReferrals(
  app: FastifyInstance,
  deps: ReferralsDeps & {
    guards: AuthGuards;
    operatorGuards: OperatorGuards;
    jobQueue: JobQueue;
    gmtOffset: () => string;
  },
): Promise<ReferralsService> {
  const { guards, operatorGuards, jobQueue, gmtOffset, ...referralsDeps } = deps;
  const referrals = createReferralsService(referralsDeps);
  jobQueue.define(referralJob(deps.db, referrals, gmtOffset));
  await app.register(referralRoutes, { referrals, guards });
  await app.register(referralOpsRoutes, { referrals, operatorGuards });
  return referrals;
}
