import type { Database } from '../../platform/db/database.ts';
import type { ScheduledJob } from '../../platform/jobs/job-queue.ts';
import { repeatingJob } from '../../platform/jobs/repeating-job.ts';
import { foldTeamRollups } from './rollups.service.ts';

export const TEAM_FOLD_JOB = 'rollups.team-fold';

/**
 * Folds the member rollups' pending deltas into every upline's team rollups (ADR 035), every
 * `everyMs` within a minute-long singleton run, so the team rollups lag the rounds and movements
 * by about a second while any node works. Each fold is exactly once by itself (it deletes what it
 * adds, in one statement), so a re-delivered or overlapping run folds nothing twice and needs no
 * period key.
 */
export function teamFoldJob(options: {
  db: Database;
  stopping: AbortSignal;
  everyMs?: number;
  runForMs?: number;
}): ScheduledJob {
  const { db, ...timing } = options;
  return repeatingJob({ kind: TEAM_FOLD_JOB, counted: 'folded', pass: () => foldTeamRollups(db), ...timing });
}
