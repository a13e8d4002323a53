import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { type DatabaseHandle, openPostgres } from '../../../platform/db/database.ts';
import type { JobQueue } from '../../../platform/jobs/job-queue.ts';
import { testJobQueue } from '../../../platform/jobs/jobs.test-helpers.ts';
import { describeOnPostgres } from '../../../test/databases.ts';
import { testLedger } from '../../ledger/ledger.test-helpers.ts';
import { reconcile } from '../../ledger/reconciliation.ts';
import { SALARY_JOB_KIND, salaryJob } from './salary-jobs.ts';
import { salaryPaymentsOf, settledDayFixture } from './settlement.test-helpers.ts';

const KIND = SALARY_JOB_KIND.DAILY_SALARY;

describeOnPostgres('daily salary on two nodes', (database) => {
  let second: DatabaseHandle;
  const queues: JobQueue[] = [];

  beforeAll(async () => {
    const connection = database().connection;
    if (connection.driver !== 'pg') throw new Error('PostgreSQL only');
    second = await openPostgres(connection.connectionString, { maxConnections: 4 });
  });
  afterAll(async () => {
    for (const queue of queues) await queue.stop(1_000);
    await second?.close();
  });

  function node(name: string, handle: DatabaseHandle) {
    const queue = testJobQueue(handle, { node: name });
    queue.define(
      salaryJob({
        db: handle.db,
        ledger: testLedger(handle.db),
        type: 'DAILY_SALARY',
        gmtOffset: () => '+08:00',
      }),
    );
    queues.push(queue);
    return queue;
  }

  it('when both nodes, each with its own scheduler, run the payday, then every bill of the day is written and paid once', async () => {
    const db = database().db;
    const fixture = await settledDayFixture(db, new Date('2026-09-14T04:00:00Z'));
    const [a, b] = [node('node-a', database()), node('node-b', second)];
    await Promise.all([a.start(), b.start()]);
    const ids = await Promise.all([
      a.runNow(KIND, { at: fixture.payday }),
      b.runNow(KIND, { at: fixture.payday }),
    ]);
    const finished = await vi.waitFor(
      async () => {
        const found = await Promise.all(ids.map((id) => a.findJob(KIND, id)));
        for (const job of found) expect(job?.state).toBe('completed');
        return found;
      },
      { timeout: 30_000, interval: 200 },
    );
    const settled = finished.map((job) => (job?.output as { settled?: string[] } | undefined)?.settled ?? []);
    // One node settled the day (and the empty days of its look-back); the other found them done.
    expect(settled.flat().filter((key) => key === fixture.day.key)).toHaveLength(1);
    expect(await salaryPaymentsOf(db, fixture.day.key)).toEqual({ postings: 3, payments: 3, bills: 3 });
    const ledger = testLedger(db);
    expect((await ledger.mainAccountOf(fixture.line.top)).balanceMinor).toBe(54_000n);
    expect((await ledger.mainAccountOf(fixture.line.left)).balanceMinor).toBe(36_000n);
    expect((await ledger.mainAccountOf(fixture.line.right)).balanceMinor).toBe(30_000n);
    expect((await reconcile(db)).problems).toEqual([]);
  }, 60_000);
});
