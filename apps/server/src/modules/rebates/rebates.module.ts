import type { FastifyInstance } from 'fastify';
import type { AuthGuards } from '../../platform/auth.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { OperatorGuards } from '../operators/operator-guards.ts';
import { rebateDailyJob } from './rebate-job.ts';
import { rebateOpsRoutes } from './rebate-ops.routes.ts';
import { rebateRoutes } from './rebates.routes.ts';
import { createRebatesService, type RebatesDeps } from './rebates.service.ts';

/** Rebates (ADR 039): the member's calls, the operators' calls and the daily job. */
export async function registerRebates(
  app: FastifyInstance,
  deps: RebatesDeps & { guards: AuthGuards; operatorGuards: OperatorGuards; jobQueue: JobQueue },
): Promise<void> {
  const { guards, operatorGuards, jobQueue, ...rebatesDeps } = deps;
  const rebates = createRebatesService(rebatesDeps);
  jobQueue.define(rebateDailyJob({ db: deps.db, rebates, gmtOffset: deps.gmtOffset }));
  await app.register(rebateRoutes, { rebates, guards });
  await app.register(rebateOpsRoutes, { rebates, operatorGuards });
}
