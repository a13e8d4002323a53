import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { LedgerService } from '../../modules/ledger/ledger.service.ts';
import { testLedger } from '../../modules/ledger/ledger.test-helpers.ts';
import { reconcile } from '../../modules/ledger/reconciliation.ts';
import { describeOnPostgres } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { type DatabaseHandle, openPostgres } from '../db/database.ts';
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
import { runOncePerPeriod } from './run-once.ts';

/** Resolves once some session of the database waits for a lock while inserting a job run. */
async function someoneWaitsOnJobRuns(db: DatabaseHandle['db']): Promise<void> {
  await vi.waitFor(
    async () => {
      const waiting = (await db.execute(
        sql`select count(*)::int as n from pg_stat_activity
            where wait_event_type = 'Lock' and query like 'insert into "job_runs"%'`,
      )) as unknown as { rows: { n: number }[] };
      expect(waiting.rows[0]?.n).toBeGreaterThan(0);
    },
    { timeout: 10_000, interval: 50 },
  );
}

describeOnPostgres('two nodes on one database', (database) => {
  let second: DatabaseHandle;
  const queues: JobQueue[] = [];
  let ledger: LedgerService;
  let accountId: bigint;

  beforeAll(async () => {
    const connection = database().connection;
    if (connection.driver !== 'pg') throw new Error('PostgreSQL only');
    // Node B has a pool of its own on the same database, as a second server would.
    second = await openPostgres(connection.connectionString, { maxConnections: 4 });
    ledger = testLedger(database().db);
    const member = await createMember(database().db);
    accountId = (await ledger.mainAccountOf(member.id)).id;
  });
  afterAll(async () => {
    for (const queue of queues) await queue.stop(1_000);
    await second?.close();
  });

  function node(name: string, handle: DatabaseHandle) {
    const queue = testJobQueue(handle, { node: name });
    queue.define(payoutJob({ db: handle.db, ledger: testLedger(handle.db), accountId }));
    queues.push(queue);
    return queue;
  }

  it('when both nodes are asked to run one period, then it runs once: one payment, one DONE run, the other job a no-op', async () => {
    const [a, b] = [node('node-a', database()), node('node-b', second)];
    await Promise.all([a.start(), b.start()]);
    const at = new Date('2026-11-26T03:12:00Z');
    const period = periodOf(at, PERIOD.FIVE_MINUTES, '+08:00');
    const ids = await Promise.all([a.runNow(PAYOUT_KIND, { at }), b.runNow(PAYOUT_KIND, { at })]);
    const finished = await vi.waitFor(
      async () => {
        const found = await Promise.all(ids.map((id) => a.findJob(PAYOUT_KIND, id)));
        for (const job of found) expect(job?.state).toBe('completed');
        return found;
      },
      { timeout: 20_000, interval: 200 },
    );
    expect(finished.map((job) => (job?.output as { ran?: boolean } | undefined)?.ran).sort()).toEqual([
      false,
      true,
    ]);
    expect(await postingsFor(database().db, period.key)).toBe(1);
    const runs = await runsOf(database().db, PAYOUT_KIND, period.key);
    expect(runs).toHaveLength(1);
    expect(['node-a', 'node-b']).toContain(runs[0]?.node);
    expect(await ledger.balanceOf(accountId)).toBe(PAYOUT_MINOR);
    expect((await reconcile(database().db)).problems).toEqual([]);
  });

  it('when node B runs a period node A is in the middle of, then B waits for A and does nothing once A commits', async () => {
    const kind = `test.two-nodes-${randomUUID()}`;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered: () => void = () => undefined;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const onA = runOncePerPeriod(database().db, { kind, period: 'p', node: 'node-a' }, async () => {
      entered();
      await held;
      return 'a';
    });
    await inside;
    const onB = runOncePerPeriod(second.db, { kind, period: 'p', node: 'node-b' }, async () => 'b');
    await someoneWaitsOnJobRuns(database().db);
    release();
    expect(await onA).toEqual({ ran: true, result: 'a' });
    expect(await onB).toEqual({ ran: false });
  });

  it('when node A fails in the middle of a period node B waits for, then B does the period', async () => {
    const kind = `test.two-nodes-${randomUUID()}`;
    let fail: (error: Error) => void = () => undefined;
    const held = new Promise<never>((_resolve, reject) => {
      fail = reject;
    });
    let entered: () => void = () => undefined;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const onA = runOncePerPeriod(database().db, { kind, period: 'p', node: 'node-a' }, async () => {
      entered();
      return held;
    });
    await inside;
    const onB = runOncePerPeriod(second.db, { kind, period: 'p', node: 'node-b' }, async () => 'b');
    await someoneWaitsOnJobRuns(database().db);
    fail(new Error('node A lost its payer'));
    await expect(onA).rejects.toThrow('node A lost its payer');
    expect(await onB).toEqual({ ran: true, result: 'b' });
    expect((await runsOf(database().db, kind, 'p')).map((run) => [run.outcome, run.node])).toEqual([
      ['DONE', 'node-b'],
      ['FAILED', 'node-a'],
    ]);
  });
});
