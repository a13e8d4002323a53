import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '../../platform/db/database.ts';
import type { ScheduledJob } from '../../platform/jobs/job-queue.ts';
import { foldTeamRollups } from './rollups.service.ts';

export const TEAM_FOLD_JOB = 'rollups.team-fold';

/**
 * Folds the member rollups' pending deltas into every upline's team rollups (ADR 035). The queue
 * starts a run each minute, one at a time in the cluster (singleton); a run folds every `everyMs`
 * for most of its minute, so the team rollups lag the rounds and movements by about a second while
 * any node works. Each fold is exactly once by itself (it deletes what it adds, in one statement),
 * so a re-delivered or overlapping run folds nothing twice and needs no period key. `stopping`
 * ends the loop at shutdown, so the node does not wait out the minute.
 */
export function teamFoldJob(options: {
  db: Database;
  stopping: AbortSignal;
  everyMs?: number;
  runForMs?: number;
}): ScheduledJob {
  const everyMs = options.everyMs ?? 1_000;
  const runForMs = options.runForMs ?? 55_000;
  return {
    kind: TEAM_FOLD_JOB,
    cron: '* * * * *',
    // Above a run's minute: a node found dead after this hands the fold to another.
    expireInSeconds: 120,
    async run({ signal }) {
      const ending = AbortSignal.any([signal, options.stopping]);
      const until = Date.now() + runForMs;
      let folded = 0;
      let passes = 0;
      while (!ending.aborted) {
        folded += await foldTeamRollups(options.db);
        passes += 1;
        if (Date.now() + everyMs > until) break;
        await sleep(everyMs, undefined, { signal: ending }).catch(() => undefined);
      }
      return { folded, passes };
    },
  };
}
