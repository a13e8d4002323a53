import { sql } from 'drizzle-orm';
import { type DrizzleTransactionLike, fromDrizzle, fromPglite, PgBoss } from 'pg-boss';
import type { DatabaseHandle, Executor } from '../db/database.ts';
import { THIS_NODE } from './run-once.ts';

/** What a scheduled job's run knows about itself. */
export interface JobContext {
  /**
   * The instant the run is for: when the schedule fired, or the `at` of `runNow` (tests and
   * operators run past periods this way, without waiting for the clock).
   */
  at: Date;
  /** The unit of work named by whoever enqueued it (e.g. a lottery draw), if any. */
  key?: string;
  jobId: string;
  node: string;
  /** Aborted when the queue gives up on the run (it outlived `expireInSeconds`, or shutdown ran out of time). */
  signal: AbortSignal;
}

export interface ScheduledJob {
  /** The queue's name and the run history's kind, e.g. `withdrawal.auto-receipt`. */
  kind: string;
  /** Five-field cron, in UTC. Periods of the site's day come from `at` (periods.ts), not from the cron. */
  cron: string;
  /**
   * How long a run may go on before the queue deems its node dead and hands the job to another
   * (a killed node's run is retried after this). Above the longest honest run.
   */
  expireInSeconds: number;
  /**
   * Housekeeping forgets this kind's run history after so many days (sweeps); unset, it is kept
   * for good, as the keys of jobs that move money must be.
   */
  keepHistoryDays?: number;
  /** Answers a summary for the queue's record; throwing makes the queue retry it. */
  run(context: JobContext): Promise<unknown>;
}

export interface JobQueueLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface JobQueueOptions {
  database: DatabaseHandle;
  log: JobQueueLog;
  /** false: this node enqueues but neither runs jobs nor fires schedules (JOB_WORKERS=off). */
  workers: boolean;
  node?: string;
  /**
   * How often an idle worker asks for work (2 s), and how often runs past their expiry are looked
   * for (pg-boss's supervise and monitor passes, 60 s); tests shorten them.
   */
  pollingIntervalSeconds?: number;
  superviseIntervalSeconds?: number;
  /** Tests turn the cron off and run jobs with `runNow`. */
  schedule?: boolean;
}

type JobData = { at?: string; key?: string } | null;

const RETRIES = 5;
const RETRY_DELAY_SECONDS = 10;
// Completed jobs stay a week in the queue's own tables; the run history (job_runs) is ours.
const KEEP_COMPLETED_SECONDS = 7 * 24 * 3600;

/**
 * Scheduled work on pg-boss (docs/decisions/019-job-queue.md): kept in the same database (its own
 * schema `pgboss`), one run per cron occurrence across all nodes, a dead node's run retried
 * elsewhere. On PGlite it runs in-process on the same embedded database (single-node mode).
 * The queue delivers at least once: jobs make themselves exactly-once with run-once.ts.
 */
export function createJobQueue(options: JobQueueOptions) {
  const { database, log, workers } = options;
  const node = options.node ?? THIS_NODE;
  const jobs = new Map<string, ScheduledJob>();
  const connection = database.connection;
  const fireSchedules = workers && options.schedule !== false;
  function openBoss(): PgBoss {
    const opened = new PgBoss({
      ...(connection.driver === 'pglite'
        ? { db: fromPglite(connection.client), backend: 'pglite' as const }
        : { connectionString: connection.connectionString, max: 4, application_name: 'fortuna-jobs' }),
      schema: 'pgboss',
      // A node without workers only enqueues: no cron, no maintenance of others' jobs.
      schedule: fireSchedules,
      supervise: workers,
      // pg-boss refuses a key given as undefined.
      ...(options.superviseIntervalSeconds
        ? {
            superviseIntervalSeconds: options.superviseIntervalSeconds,
            monitorIntervalSeconds: options.superviseIntervalSeconds,
          }
        : {}),
      instanceName: node,
    });
    opened.on('error', (error) => log.error({ err: error }, 'job queue error'));
    opened.on('warning', (warning) => log.warn({ warning }, 'job queue warning'));
    return opened;
  }
  // Opened by start(): an app built without the queue (most tests) never connects it.
  let current: PgBoss | undefined;
  const running = (): PgBoss => {
    if (!current) throw new Error('the job queue is not started');
    return current;
  };
  let started = false;

  async function ensureQueue(boss: PgBoss, job: ScheduledJob): Promise<void> {
    const settings = {
      expireInSeconds: job.expireInSeconds,
      retryLimit: RETRIES,
      retryDelay: RETRY_DELAY_SECONDS,
      retryBackoff: true,
      deleteAfterSeconds: KEEP_COMPLETED_SECONDS,
    };
    if (await boss.getQueue(job.kind)) await boss.updateQueue(job.kind, settings);
    // singleton: one run of a kind at a time in the whole cluster; the next waits its turn.
    else await boss.createQueue(job.kind, { ...settings, policy: 'singleton' });
  }

  async function work(boss: PgBoss, job: ScheduledJob): Promise<void> {
    await boss.work<
      JobData,
      unknown,
      { includeMetadata: true; batchSize: number; pollingIntervalSeconds?: number }
    >(
      job.kind,
      {
        includeMetadata: true,
        batchSize: 1,
        ...(options.pollingIntervalSeconds ? { pollingIntervalSeconds: options.pollingIntervalSeconds } : {}),
      },
      async ([delivered]) => {
        if (!delivered) return null;
        const at = delivered.data?.at ? new Date(delivered.data.at) : delivered.createdOn;
        try {
          const key = delivered.data?.key;
          const summary = await job.run({ at, key, jobId: delivered.id, node, signal: delivered.signal });
          return summary ?? null;
        } catch (error) {
          log.error({ err: error, job: job.kind, jobId: delivered.id }, 'scheduled job failed');
          throw error;
        }
      },
    );
  }

  return {
    /** Declares a job; all are declared before `start`. */
    define(job: ScheduledJob): void {
      if (started) throw new Error(`job ${job.kind} defined after the queue started`);
      if (jobs.has(job.kind)) throw new Error(`job ${job.kind} defined twice`);
      jobs.set(job.kind, job);
    },

    /** Installs or upgrades the queue's schema (under its own lock), then schedules and works. */
    async start(): Promise<void> {
      if (started) throw new Error('the job queue is started already');
      started = true;
      const boss = openBoss();
      try {
        await boss.start();
        for (const job of jobs.values()) await ensureQueue(boss, job);
        if (fireSchedules) {
          // A job no longer in the code stops firing rather than piling up unworked.
          for (const schedule of await boss.getSchedules()) {
            if (!jobs.has(schedule.name)) await boss.unschedule(schedule.name, schedule.key);
          }
          for (const job of jobs.values()) await boss.schedule(job.kind, job.cron, null, { tz: 'UTC' });
        }
        if (workers) for (const job of jobs.values()) await work(boss, job);
      } catch (error) {
        await boss.stop({ graceful: false }).catch(() => undefined);
        throw error;
      }
      current = boss;
      log.info({ node, workers, jobs: [...jobs.keys()] }, 'job queue started');
    },

    /**
     * Enqueues a run of `kind` for the instant `at` (default now) and the unit of work `key`, e.g.
     * an operator's re-run of a past period or the settlement of a draw whose result was just
     * confirmed; a node with workers picks it up. Given `tx`, the job is written in that
     * transaction: it exists only if the transaction commits (a result and its settlement job
     * together or not at all).
     */
    async runNow(kind: string, options: { at?: Date; key?: string; tx?: Executor } = {}): Promise<string> {
      if (!jobs.has(kind)) throw new Error(`no job ${kind}`);
      const data: JobData = {
        at: (options.at ?? new Date()).toISOString(),
        ...(options.key ? { key: options.key } : {}),
      };
      const id = await running().send(
        kind,
        data,
        options.tx
          ? // Drizzle's execute answers the driver's result, which holds the rows the adapter reads.
            { db: fromDrizzle(options.tx as unknown as DrizzleTransactionLike, sql) }
          : {},
      );
      if (!id) throw new Error(`job ${kind} was not enqueued`);
      return id;
    },

    /** A job's state in the queue and what its run answered (null once the queue forgot it). */
    async findJob(kind: string, id: string): Promise<{ state: string; output: unknown } | null> {
      const [found] = await running().findJobs(kind, { id });
      return found ? { state: found.state, output: found.output } : null;
    },

    /** What each queue holds now, for operators. */
    async queues() {
      if (!current) return [];
      return current.getQueues([...jobs.keys()]);
    },

    /**
     * Stops fetching and waits up to `timeoutMs` for runs in progress; a run still going then is
     * abandoned (its transaction never commits) and retried by another node or the next start.
     */
    async stop(timeoutMs = 10_000): Promise<void> {
      const boss = current;
      current = undefined;
      await boss?.stop({ graceful: true, timeout: timeoutMs });
    },

    /** Whether this node's queue is running (started, not stopped). */
    get started(): boolean {
      return current !== undefined;
    },

    get jobs(): ScheduledJob[] {
      return [...jobs.values()];
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
