import {
  OpsJobParamsSchema,
  OpsJobPaths,
  OpsJobsQuerySchema,
  OpsJobsResponseSchema,
  RunJobResponseSchema,
  RunJobSchema,
} from '@fortuna/contracts/ops-jobs';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../db/database.ts';
import { AppError } from '../errors.ts';
import { failures, ok } from '../reply.ts';
import { type JobRunRow, listJobRuns } from './job-history.ts';
import type { JobQueue } from './job-queue.ts';

const tags = ['ops'];
const security = [{ opsToken: [] }];

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** How far ahead of this server's clock an operator's `at` may be: an operator's clock that runs fast. */
const AT_AHEAD_TOLERANCE_MS = 5_000;

function runOf(row: JobRunRow) {
  return {
    id: row.id.toString(),
    kind: row.kind,
    periodKey: row.periodKey,
    periodStart: iso(row.periodStart),
    periodEnd: iso(row.periodEnd),
    outcome: row.outcome as 'DONE' | 'FAILED',
    node: row.node,
    jobId: row.jobId,
    startedAt: row.startedAt.toISOString(),
    finishedAt: iso(row.finishedAt),
    detail: (row.detail as Record<string, unknown> | null) ?? null,
  };
}

/**
 * The scheduled jobs and their run history, and an operator's run of a job (ADMIN). Guards and
 * the audit trail come from the operators module (app.ts), which the platform does not import.
 */
export const jobsOpsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  queue: JobQueue;
  workers: boolean;
  /**
   * Whether a run may be for an instant still to come (DEV_ENDPOINTS: trying Fortuna and its tests,
   * which settle today's pay without waiting for tomorrow). Never in a real deployment: every
   * paying job settles a period once, so a run for a future instant would settle periods that have
   * not happened yet, and whatever is played in them later would never be paid.
   */
  futureRuns: boolean;
  admin: (request: FastifyRequest) => Promise<void>;
  audit: (
    request: FastifyRequest,
    action: string,
    target: string,
    details: Record<string, unknown>,
  ) => Promise<void>;
}> = async (app, { db, queue, workers, futureRuns, admin, audit }) => {
  app.get(
    OpsJobPaths.list,
    {
      onRequest: admin,
      schema: {
        tags,
        security,
        summary:
          'Scheduled jobs, what their queues hold, and the run history (which period, when, which node, outcome)',
        querystring: OpsJobsQuerySchema,
        response: { 200: OpsJobsResponseSchema, ...failures(400, 401, 403) },
      },
    },
    async (request) => {
      const { kind, outcome, before, limit } = request.query;
      const counts = new Map((await queue.queues()).map((held) => [held.name, held]));
      const runs = await listJobRuns(db, {
        kind,
        outcome,
        beforeId: before === undefined ? undefined : BigInt(before),
        limit,
      });
      return ok({
        workers,
        jobs: queue.jobs.map((job) => {
          const held = counts.get(job.kind);
          return {
            kind: job.kind,
            cron: job.cron,
            expireInSeconds: job.expireInSeconds,
            queued: held?.queuedCount ?? null,
            active: held?.activeCount ?? null,
            failed: held?.failedCount ?? null,
          };
        }),
        runs: runs.map(runOf),
      });
    },
  );

  app.post(
    OpsJobPaths.run,
    {
      onRequest: admin,
      schema: {
        tags,
        security,
        summary:
          'Run a job now, for an instant (default now): a past one re-runs that period, a no-op when it is already done (audited)',
        params: OpsJobParamsSchema,
        body: RunJobSchema,
        response: { 200: RunJobResponseSchema, ...failures(400, 401, 403, 404, 503) },
      },
    },
    async (request) => {
      const { kind } = request.params;
      if (!queue.jobs.some((job) => job.kind === kind)) {
        throw new AppError('NOT_FOUND', { message: `no scheduled job ${kind}` });
      }
      const at = request.body.at ? new Date(request.body.at) : new Date();
      if (!futureRuns && at.getTime() > Date.now() + AT_AHEAD_TOLERANCE_MS) {
        const issue = {
          field: 'body.at',
          message:
            'must not be in the future: a period is settled once, and a run now would settle it before it happened',
        };
        throw new AppError('VALIDATION_FAILED', {
          message: `${issue.field}: ${issue.message}`,
          issues: [issue],
        });
      }
      if (!queue.started) {
        throw new AppError('JOB_QUEUE_NOT_RUNNING');
      }
      const jobId = await queue.runNow(kind, { at });
      await audit(request, 'job.run', kind, { at: at.toISOString(), jobId });
      return ok({ jobId });
    },
  );
};
