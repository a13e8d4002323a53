import type { Executor } from '../db/database.ts';
import * as store from './job-runs.store.ts';

export type { JobRunRow } from './job-runs.store.ts';

/** The run history as the operators' jobs call reads it: newest first, paged by id. */
export function listJobRuns(
  db: Executor,
  filter: Parameters<typeof store.listRuns>[1],
): Promise<store.JobRunRow[]> {
  return store.listRuns(db, filter);
}
