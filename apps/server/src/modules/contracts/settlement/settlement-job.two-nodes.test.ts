import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { type DatabaseHandle, openPostgres } from '../../../platform/db/database.ts';
import type { JobQueue } from '../../../platform/jobs/job-queue.ts';
import { testJobQueue } from '../../../platform/jobs/jobs.test-helpers.ts';
import { describeOnPostgres } from '../../../test/databases.ts';
import { testLedger } from '../../ledger/ledger.test-helpers.ts';
import { reconcile } from '../../ledger/reconciliation.ts';
import { settlementPaymentsOf } from './settlement.test-helpers.ts';
import { SETTLEMENT_RUNS, type SettlementRunName } from './settlement-runs.test-helpers.ts';

const RUNS: [SettlementRunName, Date][] = [
  ['daily-salary', new Date('2026-09-14T04:00:00Z')],
  ['weekly-dividend', new Date('2026-09-09T04:00:00Z')],
];

describeOnPostgres('settlement runs on two nodes', (database) => {
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

  it.each(RUNS)(
    'when both nodes, each with its own scheduler, run the %s, then every bill of the period is written and paid once',
    async (name, fixtureAt) => {
      const run = SETTLEMENT_RUNS[name];
      const node = (nodeName: string, handle: DatabaseHandle) => {
        const queue = testJobQueue(handle, { node: `${nodeName}-${name}` });
        queue.define(run.job(handle.db, testLedger(handle.db)));
        queues.push(queue);
        return queue;
      };
      const db = database().db;
      const fixture = await run.fixture(db, fixtureAt);
      const [a, b] = [node('node-a', database()), node('node-b', second)];
      await Promise.all([a.start(), b.start()]);
      const ids = await Promise.all([
        a.runNow(run.kind, { at: fixture.at }),
        b.runNow(run.kind, { at: fixture.at }),
      ]);
      const finished = await vi.waitFor(
        async () => {
          const found = await Promise.all(ids.map((id) => a.findJob(run.kind, id)));
          for (const job of found) expect(job?.state).toBe('completed');
          return found;
        },
        { timeout: 30_000, interval: 200 },
      );
      const settled = finished.map(
        (job) => (job?.output as { settled?: string[] } | undefined)?.settled ?? [],
      );
      // One node settled the period (and the empty ones of its look-back); the other found them done.
      expect(settled.flat().filter((key) => key === fixture.period.key)).toHaveLength(1);
      expect(await settlementPaymentsOf(db, fixture.period.key, run.ledgerType)).toEqual({
        postings: 3,
        payments: 3,
        bills: 3,
      });
      const ledger = testLedger(db);
      expect((await ledger.mainAccountOf(fixture.line.top)).balanceMinor).toBe(run.balances.top);
      expect((await ledger.mainAccountOf(fixture.line.left)).balanceMinor).toBe(run.balances.left);
      expect((await ledger.mainAccountOf(fixture.line.right)).balanceMinor).toBe(run.balances.right);
      expect((await reconcile(db)).problems).toEqual([]);
      await Promise.all([a.stop(1_000), b.stop(1_000)]);
    },
    60_000,
  );
});
