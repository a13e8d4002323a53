import type { Database } from '../../platform/db/database.ts';
import type { ScheduledJob } from '../../platform/jobs/job-queue.ts';
import { runOncePerPeriod } from '../../platform/jobs/run-once.ts';
import { sweepJob } from '../../platform/jobs/sweep-job.ts';
import type { RafflesService } from './raffles.service.ts';

export const RAFFLE_DRAW_JOB = 'raffles.draw';
export const RAFFLE_TICKETS_JOB = 'raffles.tickets';

/**
 * Every minute (ADR 067): each raffle whose time has come is drawn exactly once, whichever node
 * or retry runs it: the run's key `raffle:<id>` commits with the draw, its prizes and its winners
 * (runOncePerPeriod), and a SIGKILLed run leaves nothing, to be run again by the next delivery.
 */
export function raffleDrawJob(options: {
  db: Database;
  raffles: Pick<RafflesService, 'dueRaffles' | 'drawOne'>;
  expireInSeconds?: number;
}): ScheduledJob {
  return {
    kind: RAFFLE_DRAW_JOB,
    cron: '* * * * *',
    expireInSeconds: options.expireInSeconds ?? 300,
    async run({ at, jobId, node }) {
      const drawn: string[] = [];
      for (const raffleId of await options.raffles.dueRaffles(at)) {
        const outcome = await runOncePerPeriod(
          options.db,
          { kind: RAFFLE_DRAW_JOB, period: `raffle:${raffleId}`, jobId, node },
          (tx) => options.raffles.drawOne(tx, raffleId, at),
        );
        if (outcome.ran && outcome.result.drawn) drawn.push(raffleId.toString());
      }
      return { drawn };
    },
  };
}

/** Every minute: the entrants of running raffles are issued the tickets they earned (idempotent by source). */
export const raffleTicketsJob = (db: Database, raffles: RafflesService, gmtOffset: () => string) =>
  sweepJob({ kind: RAFFLE_TICKETS_JOB, everyMinutes: 1, db, gmtOffset, sweep: () => raffles.issueAll() });
