/** A periodic clean-up; answers how many rows it removed. */
export type HousekeepingTask = { name: string; run: () => Promise<number> };

export interface HousekeepingLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

const EVERY_MS = 10 * 60_000;

/**
 * Runs clean-up tasks every ten minutes on every node. The tasks are idempotent deletes of rows
 * past their use, so several nodes doing the same work cost a little and break nothing; the job
 * queue of later issues can take them over.
 */
export function startHousekeeping(tasks: HousekeepingTask[], log: HousekeepingLog, everyMs = EVERY_MS) {
  let running: Promise<void> | undefined;
  const runAll = async () => {
    for (const task of tasks) {
      try {
        const removed = await task.run();
        if (removed > 0) log.info({ task: task.name, removed }, 'housekeeping');
      } catch (err) {
        log.error({ err, task: task.name }, 'housekeeping task failed');
      }
    }
  };
  const timer = setInterval(() => {
    running ??= runAll().finally(() => {
      running = undefined;
    });
  }, everyMs);
  timer.unref();
  return {
    /** Stops the timer and waits for a round in progress, so the database can close after. */
    async stop(): Promise<void> {
      clearInterval(timer);
      await running;
    },
  };
}
