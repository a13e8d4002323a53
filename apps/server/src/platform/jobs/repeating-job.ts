import { setTimeout as sleep } from 'node:timers/promises';
import type { ScheduledJob } from './job-queue.ts';

/**
 * A job whose run repeats `pass` every `everyMs` for most of a minute: the queue starts a run
 * each minute, one at a time in the cluster (singleton), so the work lags by about `everyMs`
 * while any node works, and a node found dead hands it to another. `pass` must be exactly once
 * by itself (a re-delivered or overlapping run does nothing twice); it answers how many rows it
 * handled, summed in the run's output under `counted`. `stopping` ends the loop at shutdown, so
 * the node does not wait out the minute.
 */
export function repeatingJob(options: {
  kind: string;
  counted: string;
  pass: () => Promise<number>;
  stopping: AbortSignal;
  everyMs?: number;
  runForMs?: number;
}): ScheduledJob {
  const everyMs = options.everyMs ?? 1_000;
  const runForMs = options.runForMs ?? 55_000;
  return {
    kind: options.kind,
    cron: '* * * * *',
    // Above a run's minute: a node found dead after this hands the work to another.
    expireInSeconds: 120,
    async run({ signal }) {
      const ending = AbortSignal.any([signal, options.stopping]);
      const until = Date.now() + runForMs;
      let handled = 0;
      let passes = 0;
      while (!ending.aborted) {
        handled += await options.pass();
        passes += 1;
        if (Date.now() + everyMs > until) break;
        await sleep(everyMs, undefined, { signal: ending }).catch(() => undefined);
      }
      return { [options.counted]: handled, passes };
    },
  };
}
