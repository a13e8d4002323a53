import type { FastifyInstance } from 'fastify';
import type { AuthGuards } from '../../platform/auth.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { OperatorGuards } from '../operators/operator-guards.ts';
import { promotionOpsRoutes } from './promotion-ops.routes.ts';
import { createPromotionOps } from './promotion-ops.ts';
import { promotionRoutes } from './promotions.routes.ts';
import {
  createPromotionsService,
  type PromotionsDeps,
  type PromotionsService,
} from './promotions.service.ts';
import { wageringJob } from './wagering-job.ts';

/** Promotions and bonus money (ADR 045): the member's bonus details, the operators' calls and the wagering job. */
export async function registerPromotions(
  app: FastifyInstance,
  deps: PromotionsDeps & {
    guards: AuthGuards;
    operatorGuards: OperatorGuards;
    jobQueue: JobQueue;
    gmtOffset: () => string;
  },
): Promise<PromotionsService> {
  const { guards, operatorGuards, jobQueue, gmtOffset, ...promotionsDeps } = deps;
  const promotions = createPromotionsService(promotionsDeps);
  jobQueue.define(wageringJob(deps.db, promotions, gmtOffset));
  await app.register(promotionRoutes, { promotions, guards });
  await app.register(promotionOpsRoutes, { ops: createPromotionOps(deps.db), operatorGuards });
  return promotions;
}
