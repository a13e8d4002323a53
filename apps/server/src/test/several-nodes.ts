import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { type DatabaseHandle, openPostgres } from '../platform/db/database.ts';
import type { JobQueue, ScheduledJob } from '../platform/jobs/job-queue.ts';
import { testJobQueue } from '../platform/jobs/jobs.test-helpers.ts';
import { lineFrom, startCrashNode } from './child-output.ts';
import { describeOnPostgres } from './databases.ts';

/** A job as built on one node's database (each node has its own pool, as in production). */
type JobOn = (handle: DatabaseHandle) => ScheduledJob;
type RunNowOptions = Parameters<JobQueue['runNow']>[1];

/** A node started in its own process from a *-crash-node.test-helpers.ts script (crashing-node.ts). */
export interface CrashingNode {
  /** The first line it writes that starts with `prefix` (e.g. its `INSIDE …` once it stands mid-run). */
  line(prefix: string): Promise<string>;
  /** SIGKILLs it, resolving once it is gone, and fails unless that signal is what ended it. */
  kill(): Promise<void>;
}

/** A run asked by an API node and taken by a crashing node that now stands inside it (`crashInsideRun`). */
export interface CrashedRun {
  jobId: string;
  /** The queues that asked (no workers) and that restarted (with workers): for a look at their jobs. */
  api: JobQueue;
  restarted: () => JobQueue;
  /** Kills the crashing node, then starts a node with workers and waits until it has finished the run. */
  killAndRestart(): Promise<void>;
  /** Asks the run again (a retry, an operator's re-run) and waits until it is done; answers its output. */
  runAgain(): Promise<unknown>;
  /** Stops both queues, before the suite's end when a later test asks the same kind again. */
  stop(): Promise<void>;
}

export interface SeveralNodes {
  database: () => DatabaseHandle;
  /** A second pool on the same database: the connections of another node. */
  second: () => DatabaseHandle;
  /** A queue for `node` that defines `job`; it only asks for runs unless `workers`. Stopped after the suite. */
  queueOn(
    node: string,
    job: ScheduledJob,
    options?: { handle?: DatabaseHandle; workers?: boolean },
  ): JobQueue;
  /** Two nodes with workers, each asking for a run of the job at once; resolves when both runs completed. */
  runOnTwoQueues(jobOn: JobOn, options?: RunNowOptions): Promise<void>;
  /** Starts a crashing node (killed after the suite if a test left it alive). */
  startCrashingNode(script: URL, env?: Record<string, string>): CrashingNode;
  /**
   * The SIGKILL scenario's start: a crashing node from `script` works `job`'s kind, an API node asks
   * for a run, and this resolves once the crashing node wrote `insidePrefix` (answered as `inside`).
   */
  crashInsideRun(options: {
    script: URL;
    env?: Record<string, string>;
    job: ScheduledJob;
    runNow?: RunNowOptions;
    insidePrefix?: string;
    /** Told apart in the names of the nodes when one suite crashes several runs. */
    label?: string;
  }): Promise<CrashedRun & { inside: string }>;
}

/** The job's run `id` is completed, as seen by `queue` (any queue of the kind sees every run). */
export async function waitUntilCompleted(queue: JobQueue, kind: string, id: string): Promise<void> {
  await vi.waitFor(async () => expect((await queue.findJob(kind, id))?.state).toBe('completed'), {
    timeout: 40_000,
    interval: 250,
  });
}

function connectionStringOf(handle: DatabaseHandle): string {
  // Other nodes and other processes need a server to share: PGlite lives inside this process.
  if (handle.connection.driver !== 'pg') throw new Error('several nodes need PostgreSQL');
  return handle.connection.connectionString;
}

/**
 * A PostgreSQL-only suite about a job run on several nodes at once and on a node SIGKILLed
 * mid-run: it opens the second node's pool and ends every queue and child node it made.
 */
export function describeOnSeveralNodes(title: string, suite: (nodes: SeveralNodes) => void): void {
  describeOnPostgres(title, (database) => {
    let second: DatabaseHandle | undefined;
    const children: ChildProcess[] = [];
    const queues: JobQueue[] = [];

    beforeAll(async () => {
      second = await openPostgres(connectionStringOf(database()), { maxConnections: 4 });
    });
    afterAll(async () => {
      for (const child of children)
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      for (const queue of queues) await queue.stop(1_000);
      await second?.close();
    });

    const queueOn: SeveralNodes['queueOn'] = (node, job, options = {}) => {
      const queue = testJobQueue(options.handle ?? database(), {
        workers: options.workers ?? false,
        superviseIntervalSeconds: 1,
        node,
      });
      queue.define(job);
      queues.push(queue);
      return queue;
    };

    const startCrashingNode: SeveralNodes['startCrashingNode'] = (script, env = {}) => {
      const child = startCrashNode(script, connectionStringOf(database()), env);
      children.push(child);
      return {
        line: (prefix) => lineFrom(child, prefix),
        async kill() {
          const killed = new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
          child.kill('SIGKILL');
          expect(await killed).toBe('SIGKILL');
        },
      };
    };

    const nodes: SeveralNodes = {
      database,
      second: () => {
        if (!second) throw new Error('the second node is not open');
        return second;
      },
      queueOn,
      startCrashingNode,
      async runOnTwoQueues(jobOn, options) {
        const handles = [database(), nodes.second()];
        const jobs = handles.map(jobOn);
        const pair = handles.map((handle, index) =>
          queueOn(`node-${index}`, jobs[index] as ScheduledJob, { handle, workers: true }),
        );
        await Promise.all(pair.map((queue) => queue.start()));
        const kind = (jobs[0] as ScheduledJob).kind;
        const ids = await Promise.all(pair.map((queue) => queue.runNow(kind, options)));
        for (const id of ids) await waitUntilCompleted(pair[0] as JobQueue, kind, id);
        await Promise.all(pair.map((queue) => queue.stop(1_000)));
      },
      async crashInsideRun({ script, env = {}, job, runNow, insidePrefix = 'INSIDE', label }) {
        const named = (node: string) => (label ? `${node}-${label}` : node);
        const crashing = startCrashingNode(script, {
          CRASH_EXPIRE_SECONDS: String(job.expireInSeconds),
          ...env,
        });
        await crashing.line('READY');
        const api = queueOn(named('api-node'), job);
        await api.start();
        const jobId = await api.runNow(job.kind, runNow);
        const inside = await crashing.line(insidePrefix);
        let restarted: JobQueue | undefined;
        const restartedQueue = () => {
          if (!restarted) throw new Error('not restarted yet');
          return restarted;
        };
        return {
          inside,
          jobId,
          api,
          restarted: restartedQueue,
          async killAndRestart() {
            await crashing.kill();
            // The restart: a node with workers finds the dead run (past its expiry) and runs it again.
            restarted = queueOn(named('restarted-node'), job, { workers: true });
            await restarted.start();
            await waitUntilCompleted(restarted, job.kind, jobId);
          },
          async runAgain() {
            const again = await api.runNow(job.kind, runNow);
            await waitUntilCompleted(restartedQueue(), job.kind, again);
            return (await restartedQueue().findJob(job.kind, again))?.output;
          },
          async stop() {
            await restarted?.stop(1_000);
            await api.stop(1_000);
          },
        };
      },
    };
    suite(nodes);
  });
}
