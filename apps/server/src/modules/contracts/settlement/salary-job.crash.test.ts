import type { ChildProcess } from 'node:child_process';
import { afterAll, expect, it, vi } from 'vitest';
import type { JobQueue } from '../../../platform/jobs/job-queue.ts';
import { testJobQueue } from '../../../platform/jobs/jobs.test-helpers.ts';
import { lineFrom, startCrashNode } from '../../../test/child-output.ts';
import { describeOnPostgres } from '../../../test/databases.ts';
import { testLedger } from '../../ledger/ledger.test-helpers.ts';
import { reconcile } from '../../ledger/reconciliation.ts';
import { SALARY_JOB_KIND, salaryJob } from './salary-jobs.ts';
import { salaryPaymentsOf, settledDayFixture } from './settlement.test-helpers.ts';

const childScript = new URL('./salary-crash-node.test-helpers.ts', import.meta.url);
const EXPIRE_SECONDS = 2;
const KIND = SALARY_JOB_KIND.DAILY_SALARY;

describeOnPostgres('a node killed inside the daily salary run', (database) => {
  let child: ChildProcess | undefined;
  const queues: JobQueue[] = [];
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (const queue of queues) await queue.stop(1_000);
  });

  function queueOn(node: string, workers: boolean) {
    const queue = testJobQueue(database(), { workers, superviseIntervalSeconds: 1, node });
    queue.define(
      salaryJob({
        db: database().db,
        ledger: testLedger(database().db),
        type: 'DAILY_SALARY',
        gmtOffset: () => '+08:00',
        expireInSeconds: EXPIRE_SECONDS,
      }),
    );
    queues.push(queue);
    return queue;
  }

  it('when the node is SIGKILLed after a payment inside the run, then after the restart the day is settled once: each bill paid once, the ledger reconciled', async () => {
    const connection = database().connection;
    if (connection.driver !== 'pg') throw new Error('PostgreSQL only');
    const db = database().db;
    const fixture = await settledDayFixture(db, new Date('2026-09-20T04:00:00Z'));
    child = startCrashNode(childScript, connection.connectionString, {
      CRASH_EXPIRE_SECONDS: String(EXPIRE_SECONDS),
    });
    await lineFrom(child, 'READY');

    const api = queueOn('api-node', false);
    await api.start();
    const jobId = await api.runNow(KIND, { at: fixture.payday });
    expect(await lineFrom(child, 'INSIDE')).toBe(
      `INSIDE contract ${fixture.contracts.top} ${fixture.day.key}`,
    );
    // Bills and the first payment are inside the open transaction: nobody sees them yet.
    expect(await salaryPaymentsOf(db, fixture.day.key)).toEqual({ postings: 0, payments: 0, bills: 0 });

    const killed = new Promise((resolve) => child?.once('exit', (_code, signal) => resolve(signal)));
    child.kill('SIGKILL');
    expect(await killed).toBe('SIGKILL');

    const restarted = queueOn('restarted-node', true);
    await restarted.start();
    await vi.waitFor(async () => expect((await restarted.findJob(KIND, jobId))?.state).toBe('completed'), {
      timeout: 40_000,
      interval: 250,
    });
    expect(await salaryPaymentsOf(db, fixture.day.key)).toEqual({ postings: 3, payments: 3, bills: 3 });
    const ledger = testLedger(db);
    expect((await ledger.mainAccountOf(fixture.line.top)).balanceMinor).toBe(54_000n);

    // Delivered again (a retry, an operator's re-run): nothing more is written or paid.
    const again = await api.runNow(KIND, { at: fixture.payday });
    await vi.waitFor(async () => expect((await restarted.findJob(KIND, again))?.state).toBe('completed'), {
      timeout: 30_000,
      interval: 250,
    });
    expect((await restarted.findJob(KIND, again))?.output).toEqual({ settled: [] });
    expect(await salaryPaymentsOf(db, fixture.day.key)).toEqual({ postings: 3, payments: 3, bills: 3 });
    expect((await reconcile(db)).problems).toEqual([]);
  }, 120_000);
});
