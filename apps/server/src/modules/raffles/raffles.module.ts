import type { FastifyInstance } from 'fastify';
import type { AuthGuards } from '../../platform/auth.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { OperatorGuards } from '../operators/operator-guards.ts';
import { raffleDrawJob, raffleTicketsJob } from './raffle-jobs.ts';
import { raffleOpsRoutes } from './raffle-ops.routes.ts';
import { raffleRoutes } from './raffles.routes.ts';
import { createRafflesService, type RafflesDeps, type RafflesService } from './raffles.service.ts';

/** The raffle (ADR 067): member and public calls, the operators' create, the ticket and draw jobs. */
export async function registerRaffles(
  app: FastifyInstance,
  deps: RafflesDeps & {
    guards: AuthGuards;
    operatorGuards: OperatorGuards;
    jobQueue: JobQueue;
    gmtOffset: () => string;
  },
): Promise<RafflesService> {
  const { guards, operatorGuards, jobQueue, gmtOffset, ...rafflesDeps } = deps;
  const raffles = createRafflesService(rafflesDeps);
  jobQueue.define(raffleTicketsJob(deps.db, raffles, gmtOffset));
  jobQueue.define(raffleDrawJob({ db: deps.db, raffles }));
  await app.register(raffleRoutes, { raffles, guards });
  await app.register(raffleOpsRoutes, { raffles, operatorGuards });
  return raffles;
}
