import { z } from 'zod';
import { envelopeOf } from './envelope.ts';
import { asTextId, bigintId, text } from './input-guard.ts';

/**
 * Scheduled work (docs/decisions/019-job-queue.md): the jobs, their run history and an
 * operator's run of one, for ADMIN.
 */
export const OpsJobPaths = {
  list: '/ops/jobs',
  run: '/ops/jobs/:kind/run',
} as const;

export const JOB_RUNS_MAX_PAGE = 200;

/** `withdrawal.auto-receipt`, `platform.housekeeping`: lowercase words joined by dots and dashes. */
export const JobKindSchema = text().regex(
  /^[a-z][a-z0-9-]{0,40}(\.[a-z][a-z0-9-]{0,40}){0,3}$/,
  'not a job kind',
);

export const OpsJobsQuerySchema = z.object({
  kind: JobKindSchema.optional(),
  outcome: z.enum(['DONE', 'FAILED']).optional(),
  /** Runs older than this run id (the last id of the previous page). */
  before: text()
    .regex(/^[1-9]\d{0,17}$/, 'not a run id')
    .optional(),
  limit: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(JOB_RUNS_MAX_PAGE, `must be at most ${JOB_RUNS_MAX_PAGE}`)
    .default(50),
});
export type OpsJobsQuery = z.input<typeof OpsJobsQuerySchema>;

export const JobRunSchema = z.object({
  id: bigintId(),
  kind: text(),
  /** The period it ran for, e.g. `2026-11-26T10:05+08:00/PT5M`. */
  periodKey: text(),
  periodStart: text().nullable(),
  periodEnd: text().nullable(),
  /** DONE: the period's work committed (at most one per kind and period). FAILED: rolled back, retried. */
  outcome: z.enum(['DONE', 'FAILED']),
  /** Host and process id of the node that ran it. */
  node: text(),
  jobId: asTextId(text()).nullable(),
  startedAt: text(),
  finishedAt: text().nullable(),
  /** What the run reported (e.g. `{"changed":3}`), or `{"error":"…"}`. */
  detail: z.record(text(), z.unknown()).nullable(),
});
export type JobRun = z.infer<typeof JobRunSchema>;

export const ScheduledJobSchema = z.object({
  kind: text(),
  /** Five-field cron, UTC. */
  cron: text(),
  expireInSeconds: z.number().int(),
  /** What the queue holds for it now; null on a node whose queue is not running. */
  queued: z.number().int().nullable(),
  active: z.number().int().nullable(),
  failed: z.number().int().nullable(),
});

export const OpsJobsResponseSchema = envelopeOf(
  z.object({
    /** Whether the answering node runs jobs (JOB_WORKERS). */
    workers: z.boolean(),
    jobs: z.array(ScheduledJobSchema),
    /** Newest first. */
    runs: z.array(JobRunSchema),
  }),
);

export const OpsJobParamsSchema = z.object({ kind: JobKindSchema });

export const RunJobSchema = z.object({
  /**
   * The instant the run is for (default now): a past one re-runs that period, a no-op when it is
   * done. A future one only where DEV_ENDPOINTS is on (trying Fortuna, tests): elsewhere 400, since
   * it would settle, once and for all, periods that have not happened yet.
   */
  at: z.iso.datetime({ offset: true }).optional(),
});
export type RunJob = z.input<typeof RunJobSchema>;

export const RunJobResponseSchema = envelopeOf(z.object({ jobId: asTextId(text()) }));
