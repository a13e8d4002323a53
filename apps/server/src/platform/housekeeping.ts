import type { Database } from './db/database.ts';
import type { ScheduledJob } from './jobs/job-queue.ts';
import { purgeRunsBefore } from './jobs/job-runs.store.ts';
import { sweepJob } from './jobs/sweep-job.ts';

/** A periodic clean-up; answers how many rows it removed. */
export type HousekeepingTask = { name: string; run: () => Promise<number> };

export interface HousekeepingLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

const EVERY_MINUTES = 10;

/**
 * Clean-up tasks every ten minutes, once per period across the nodes (a job on the queue). The
 * tasks are idempotent deletes of rows past their use. A failing task is logged and the others
 * still run; the run then fails, so the queue retries it (the others delete nothing again).
 */
export function runHousekeeping(tasks: HousekeepingTask[], log: HousekeepingLog) {
  return async (): Promise<Record<string, number>> => {
    const removed: Record<string, number> = {};
    const failed: string[] = [];
    for (const task of tasks) {
      try {
        const count = await task.run();
        removed[task.name] = count;
        if (count > 0) log.info({ task: task.name, removed: count }, 'housekeeping');
      } catch (err) {
        failed.push(task.name);
        log.error({ err, task: task.name }, 'housekeeping task failed');
      }
    }
    if (failed.length > 0) throw new Error(`housekeeping tasks failed: ${failed.join(', ')}`);
    return removed;
  };
}

/** The run history of sweeps past its keeping time (sweep-job.ts); `jobs` is read at run time. */
export function oldJobHistoryTask(db: Database, jobs: () => ScheduledJob[]): HousekeepingTask {
  return {
    name: 'old run history of sweeps',
    run: async () => {
      let removed = 0;
      for (const job of jobs()) {
        const days = job.keepHistoryDays;
        if (days === undefined) continue;
        removed += await purgeRunsBefore(db, [job.kind], new Date(Date.now() - days * 86_400_000));
      }
      return removed;
    },
  };
}

export function housekeepingJob(options: {
  db: Database;
  gmtOffset: () => string;
  tasks: HousekeepingTask[];
  log: HousekeepingLog;
}): ScheduledJob {
  return sweepJob({
    kind: 'platform.housekeeping',
    everyMinutes: EVERY_MINUTES,
    db: options.db,
    gmtOffset: options.gmtOffset,
    sweep: runHousekeeping(options.tasks, options.log),
  });
}
