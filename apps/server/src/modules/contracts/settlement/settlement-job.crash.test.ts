import type { ChildProcess } from 'node:child_process';
import { afterAll, expect, it, vi } from 'vitest';
import type { JobQueue } from '../../../platform/jobs/job-queue.ts';
import { testJobQueue } from '../../../platform/jobs/jobs.test-helpers.ts';
import { lineFrom, startCrashNode } from '../../../test/child-output.ts';
import { describeOnPostgres } from '../../../test/databases.ts';
import { testLedger } from '../../ledger/ledger.test-helpers.ts';
import { reconcile } from '../../ledger/reconciliation.ts';
import { settlementPaymentsOf } from './settlement.test-helpers.ts';
import { SETTLEMENT_RUNS, type SettlementRunName } from './settlement-runs.test-helpers.ts';

const childScript = new URL('./settlement-crash-node.test-helpers.ts', import.meta.url);
const EXPIRE_SECONDS = 2;
const RUNS: [SettlementRunName, Date][] = [
  ['daily-salary', new Date('2026-09-20T04:00:00Z')],
  ['weekly-dividend', new Date('2026-09-23T04:00:00Z')],
];

describeOnPostgres('a node killed inside a settlement run', (database) => {
  let child: ChildProcess | undefined;
  const queues: JobQueue[] = [];
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (const queue of queues) await queue.stop(1_000);
  });

  it.each(RUNS)(
    'when the %s node is SIGKILLed after a payment inside the run, then after the restart the period is settled once: each bill paid once, the ledger reconciled',
    async (name, fixtureAt) => {
      const run = SETTLEMENT_RUNS[name];
      const queueOn = (node: string, workers: boolean) => {
        const queue = testJobQueue(database(), { workers, superviseIntervalSeconds: 1, node });
        queue.define(run.job(database().db, testLedger(database().db), EXPIRE_SECONDS));
        queues.push(queue);
        return queue;
      };
      const connection = database().connection;
      if (connection.driver !== 'pg') throw new Error('PostgreSQL only');
      const db = database().db;
      const fixture = await run.fixture(db, fixtureAt);
      const paymentsOfPeriod = () => settlementPaymentsOf(db, fixture.period.key, run.ledgerType);
      child = startCrashNode(childScript, connection.connectionString, {
        CRASH_EXPIRE_SECONDS: String(EXPIRE_SECONDS),
        CRASH_RUN: name,
      });
      await lineFrom(child, 'READY');

      const api = queueOn(`api-node-${name}`, false);
      await api.start();
      const jobId = await api.runNow(run.kind, { at: fixture.at });
      expect(await lineFrom(child, 'INSIDE')).toBe(
        `INSIDE contract ${fixture.contracts.top} ${fixture.period.key}`,
      );
      // Bills and the first payment are inside the open transaction: nobody sees them yet.
      expect(await paymentsOfPeriod()).toEqual({ postings: 0, payments: 0, bills: 0 });

      const killed = new Promise((resolve) => child?.once('exit', (_code, signal) => resolve(signal)));
      child.kill('SIGKILL');
      expect(await killed).toBe('SIGKILL');

      const restarted = queueOn(`restarted-node-${name}`, true);
      await restarted.start();
      await vi.waitFor(
        async () => expect((await restarted.findJob(run.kind, jobId))?.state).toBe('completed'),
        {
          timeout: 40_000,
          interval: 250,
        },
      );
      expect(await paymentsOfPeriod()).toEqual({ postings: 3, payments: 3, bills: 3 });
      const ledger = testLedger(db);
      expect((await ledger.mainAccountOf(fixture.line.top)).balanceMinor).toBe(run.balances.top);

      // Delivered again (a retry, an operator's re-run): nothing more is written or paid.
      const again = await api.runNow(run.kind, { at: fixture.at });
      await vi.waitFor(
        async () => expect((await restarted.findJob(run.kind, again))?.state).toBe('completed'),
        {
          timeout: 30_000,
          interval: 250,
        },
      );
      expect((await restarted.findJob(run.kind, again))?.output).toEqual({ settled: [] });
      expect(await paymentsOfPeriod()).toEqual({ postings: 3, payments: 3, bills: 3 });
      expect((await reconcile(db)).problems).toEqual([]);
      await restarted.stop(1_000);
      await api.stop(1_000);
    },
    120_000,
  );
});
