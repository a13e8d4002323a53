import type { Database } from '../db/database.ts';
import type { ScheduledJob } from './job-queue.ts';
import { periodOf } from './periods.ts';
import { runIdempotentPeriod } from './run-once.ts';

/** How long the history of sweeps is kept; keys of jobs that move money are kept for good. */
export const SWEEP_HISTORY_DAYS = 30;

/**
 * A job that sweeps up rows past a deadline every few minutes: idempotent work (conditional
 * updates, deletes of what is past its use) whose run for each period is recorded in job_runs and
 * skipped when that period is already done. `sweep` answers how many rows it changed.
 */
export function sweepJob(options: {
  kind: string;
  everyMinutes: number;
  db: Database;
  gmtOffset: () => string;
  sweep: () => Promise<Record<string, number> | number>;
  expireInSeconds?: number;
}): ScheduledJob {
  const { kind, everyMinutes, db } = options;
  if (!Number.isInteger(everyMinutes) || everyMinutes < 1 || 60 % everyMinutes !== 0) {
    throw new Error(`sweep ${kind}: every ${everyMinutes} minutes does not divide an hour`);
  }
  return {
    kind,
    cron: everyMinutes === 1 ? '* * * * *' : `*/${everyMinutes} * * * *`,
    expireInSeconds: options.expireInSeconds ?? 5 * 60,
    keepHistoryDays: SWEEP_HISTORY_DAYS,
    async run({ at, jobId, node }) {
      const period = periodOf(at, everyMinutes, options.gmtOffset());
      const outcome = await runIdempotentPeriod(db, { kind, period, jobId, node }, async () => {
        const changed = await options.sweep();
        return typeof changed === 'number' ? { changed } : changed;
      });
      return { period: period.key, ...outcome };
    },
  };
}
