import type { FastifyInstance } from 'fastify';
import type { AuthGuards } from '../../platform/auth.ts';
import type { EventBus } from '../../platform/events.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { OperatorGuards } from '../operators/operator-guards.ts';
import { grantExpiryJob } from './grant-expiry-job.ts';
import { promotionApplicationRoutes } from './promotion-applications.routes.ts';
import { createPromotionApplications } from './promotion-applications.ts';
import { promotionApplicationOpsRoutes } from './promotion-applications-ops.routes.ts';
import { promotionClaimRoutes } from './promotion-claims.routes.ts';
import { createPromotionClaims } from './promotion-claims.ts';
import { promotionOpsRoutes } from './promotion-ops.routes.ts';
import { createPromotionOps } from './promotion-ops.ts';
import { createPromotionSetup } from './promotion-setup.ts';
import { promotionRoutes } from './promotions.routes.ts';
import {
  createPromotionsService,
  type PromotionsDeps,
  type PromotionsService,
} from './promotions.service.ts';
import { wageringJob } from './wagering-job.ts';

/** How long a node's copy of the running promotions may miss a lost change event (ADR 052). */
const SAFETY_RELOAD_MS = 60_000;

/** Promotions and bonus money (ADR 045): the member's bonus details, the operators' calls and the wagering job. */
export async function registerPromotions(
  app: FastifyInstance,
  deps: PromotionsDeps & {
    guards: AuthGuards;
    operatorGuards: OperatorGuards;
    jobQueue: JobQueue;
    events: EventBus;
    gmtOffset: () => string;
  },
): Promise<PromotionsService> {
  const { guards, operatorGuards, jobQueue, events, gmtOffset, ...promotionsDeps } = deps;
  const promotions = createPromotionsService(promotionsDeps);
  const reload = () =>
    promotions
      .promotionsChanged()
      .catch((error) => app.log.error({ err: error }, 'running promotions reload failed'));
  await events.subscribe('promotions.changed', () => void reload());
  const safetyNet = setInterval(() => void reload(), SAFETY_RELOAD_MS);
  safetyNet.unref();
  app.addHook('onClose', async () => clearInterval(safetyNet));
  /** After an operator's change commits: this node reads it again, the others are told. */
  const changed = async () => {
    await reload();
    await events
      .publish('promotions.changed')
      .catch((error) => app.log.error({ err: error }, 'telling other nodes about promotions failed'));
  };
  jobQueue.define(wageringJob(deps.db, promotions, gmtOffset));
  jobQueue.define(grantExpiryJob(deps.db, promotions, gmtOffset));
  await app.register(promotionRoutes, { promotions, guards });
  const applications = createPromotionApplications(deps.db, promotions);
  await app.register(promotionClaimRoutes, {
    claims: createPromotionClaims(deps.db, promotions, applications.lastApplications),
    guards,
  });
  await app.register(promotionApplicationRoutes, { applications, guards });
  await app.register(promotionApplicationOpsRoutes, { applications, operatorGuards });
  await app.register(promotionOpsRoutes, {
    ops: createPromotionOps(deps.db, deps.ledger, changed),
    setup: createPromotionSetup(deps.db, changed),
    operatorGuards,
  });
  return promotions;
}
