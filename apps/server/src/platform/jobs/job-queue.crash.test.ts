import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { LedgerService } from '../../modules/ledger/ledger.service.ts';
import { testLedger } from '../../modules/ledger/ledger.test-helpers.ts';
import { reconcile } from '../../modules/ledger/reconciliation.ts';
import { lineFrom, startCrashNode } from '../../test/child-output.ts';
import { describeOnPostgres } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import type { JobQueue } from './job-queue.ts';
import {
  PAYOUT_KIND,
  PAYOUT_MINOR,
  payoutJob,
  postingsFor,
  runsOf,
  testJobQueue,
} from './jobs.test-helpers.ts';
import { PERIOD, periodOf } from './periods.ts';

const childScript = new URL('./crash-node.test-helpers.ts', import.meta.url);
const EXPIRE_SECONDS = 2;

describeOnPostgres('a node killed inside its job', (database) => {
  let child: ChildProcess | undefined;
  const queues: JobQueue[] = [];
  let ledger: LedgerService;
  let accountId: bigint;

  beforeAll(async () => {
    ledger = testLedger(database().db);
    const member = await createMember(database().db);
    accountId = (await ledger.mainAccountOf(member.id)).id;
  });
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (const queue of queues) await queue.stop(1_000);
  });

  function queueOn(node: string, workers: boolean) {
    const queue = testJobQueue(database(), { workers, superviseIntervalSeconds: 1, node });
    queue.define(payoutJob({ db: database().db, ledger, accountId, expireInSeconds: EXPIRE_SECONDS }));
    queues.push(queue);
    return queue;
  }

  it('when a node is SIGKILLed inside the transaction of a job that pays, then after the restart the period is paid exactly once and the ledger reconciles', async () => {
    const connection = database().connection;
    if (connection.driver !== 'pg') throw new Error('PostgreSQL only');
    child = startCrashNode(childScript, connection.connectionString, {
      CRASH_ACCOUNT_ID: accountId.toString(),
      CRASH_EXPIRE_SECONDS: String(EXPIRE_SECONDS),
    });
    await lineFrom(child, 'READY');

    // An API node (no workers) asks for the period; the crashing node takes it.
    const api = queueOn('api-node', false);
    await api.start();
    const at = new Date('2026-11-26T02:07:00Z');
    const period = periodOf(at, PERIOD.FIVE_MINUTES, '+08:00');
    const jobId = await api.runNow(PAYOUT_KIND, { at });
    expect(await lineFrom(child, 'INSIDE')).toBe(`INSIDE ${period.key}`);
    // Posted inside the open transaction: nobody else sees it yet.
    expect(await postingsFor(database().db, period.key)).toBe(0);

    const killed = new Promise((resolve) => child?.once('exit', (_code, signal) => resolve(signal)));
    child.kill('SIGKILL');
    expect(await killed).toBe('SIGKILL');

    // The restart: a node with workers finds the dead run (past its expiry) and runs it again.
    const restarted = queueOn('restarted-node', true);
    await restarted.start();
    await vi.waitFor(
      async () => expect((await restarted.findJob(PAYOUT_KIND, jobId))?.state).toBe('completed'),
      { timeout: 30_000, interval: 250 },
    );
    expect(await postingsFor(database().db, period.key)).toBe(1);
    expect(await ledger.balanceOf(accountId)).toBe(PAYOUT_MINOR);
    expect(await runsOf(database().db, PAYOUT_KIND, period.key)).toMatchObject([
      { outcome: 'DONE', node: 'restarted-node', jobId },
    ]);

    // Delivered again (a retry, an operator's re-run): nothing more is paid.
    const again = await api.runNow(PAYOUT_KIND, { at });
    await vi.waitFor(
      async () => expect((await restarted.findJob(PAYOUT_KIND, again))?.state).toBe('completed'),
      { timeout: 30_000, interval: 250 },
    );
    expect((await restarted.findJob(PAYOUT_KIND, again))?.output).toEqual({ ran: false });
    expect(await postingsFor(database().db, period.key)).toBe(1);
    expect((await reconcile(database().db)).problems).toEqual([]);
  }, 90_000);
});
