import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { type DatabaseHandle, openPostgres } from '../../platform/db/database.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { testJobQueue } from '../../platform/jobs/jobs.test-helpers.ts';
import { lineFrom, startCrashNode } from '../../test/child-output.ts';
import { describeOnPostgres } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { testLedger } from '../ledger/ledger.test-helpers.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import { REBATE_DAILY_JOB, rebateDailyJob } from './rebate-job.ts';
import { createRebatesService } from './rebates.service.ts';
import { rebatesPaidTo, recordPlay, SITE_OFFSET, setRates, siteDay } from './rebates.test-helpers.ts';

const childScript = new URL('./rebate-crash-node.test-helpers.ts', import.meta.url);
const EXPIRE_SECONDS = 2;

describeOnPostgres('the daily rebate on several nodes', (database) => {
  let second: DatabaseHandle;
  let child: ChildProcess | undefined;
  const queues: JobQueue[] = [];

  beforeAll(async () => {
    const connection = database().connection;
    if (connection.driver !== 'pg') throw new Error('PostgreSQL only');
    second = await openPostgres(connection.connectionString, { maxConnections: 4 });
    await setRates(database().db, { RNG: 100, FISH: 250 });
  });
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (const queue of queues) await queue.stop(1_000);
    await second?.close();
  });

  function jobOn(handle: DatabaseHandle, expireInSeconds = 60) {
    const rebates = createRebatesService({
      db: handle.db,
      ledger: testLedger(handle.db),
      gmtOffset: () => SITE_OFFSET,
      claimEnabled: () => true,
    });
    return rebateDailyJob({ db: handle.db, rebates, gmtOffset: () => SITE_OFFSET, expireInSeconds });
  }

  function queueOn(node: string, handle: DatabaseHandle, workers: boolean, expireInSeconds = 60) {
    const queue = testJobQueue(handle, { workers, superviseIntervalSeconds: 1, node });
    queue.define(jobOn(handle, expireInSeconds));
    queues.push(queue);
    return queue;
  }

  /** Members with valid bets on the day: member i bets 1,000 × (i + 1) on RNG and 333 on FISH. */
  async function playersOn(day: ReturnType<typeof siteDay>, count: number) {
    const players: { id: bigint; owedMinor: bigint }[] = [];
    for (let index = 0; index < count; index += 1) {
      const member = await createMember(database().db);
      const rng = 1_000n * BigInt(index + 1);
      await recordPlay(database().db, {
        memberId: member.id,
        at: day.morning,
        category: 'RNG',
        validMinor: rng,
      });
      await recordPlay(database().db, {
        memberId: member.id,
        at: day.afternoon,
        category: 'FISH',
        validMinor: 333n,
      });
      // RNG at 1%, FISH 333 × 2.5% = 8.325 → 8.
      players.push({ id: member.id, owedMinor: rng / 100n + 8n });
    }
    return players;
  }

  it('when two nodes run the same day at once, directly and through their queues, then every member is paid once', async () => {
    const day = siteDay('2026-04-10');
    const players = await playersOn(day, 6);
    const signal = new AbortController().signal;
    const runs = await Promise.all(
      [database(), second].map((handle, index) =>
        jobOn(handle).run({ at: day.closed, jobId: `direct-${index}`, node: `node-${index}`, signal }),
      ),
    );
    expect(runs.map((run) => (run as { days: string[] }).days.includes(day.key)).sort()).toEqual([
      false,
      true,
    ]);

    const [a, b] = [queueOn('node-a', database(), true), queueOn('node-b', second, true)];
    await Promise.all([a.start(), b.start()]);
    const ids = await Promise.all([
      a.runNow(REBATE_DAILY_JOB, { at: day.closed }),
      b.runNow(REBATE_DAILY_JOB, { at: day.closed }),
    ]);
    await vi.waitFor(
      async () => {
        for (const id of ids) expect((await a.findJob(REBATE_DAILY_JOB, id))?.state).toBe('completed');
      },
      { timeout: 20_000, interval: 200 },
    );
    for (const player of players)
      expect(await rebatesPaidTo(database().db, player.id)).toBe(player.owedMinor);
    expect((await reconcile(database().db)).problems).toEqual([]);
    await Promise.all([a.stop(1_000), b.stop(1_000)]);
  }, 60_000);

  it('when a node is SIGKILLed inside the day’s transaction, then after the restart each member is paid exactly once', async () => {
    const day = siteDay('2026-04-20');
    const players = await playersOn(day, 4);
    const connection = database().connection;
    if (connection.driver !== 'pg') throw new Error('PostgreSQL only');
    child = startCrashNode(childScript, connection.connectionString, {
      CRASH_EXPIRE_SECONDS: String(EXPIRE_SECONDS),
    });
    await lineFrom(child, 'READY');
    const api = queueOn('api-node', database(), false, EXPIRE_SECONDS);
    await api.start();
    const jobId = await api.runNow(REBATE_DAILY_JOB, { at: day.closed });
    const owed = players.reduce((sum, player) => sum + player.owedMinor, 0n);
    // The crashing node works the look-back's days oldest first; it stops in the first it pays.
    expect(await lineFrom(child, `INSIDE ${day.key}`)).toBe(`INSIDE ${day.key} ${owed}`);
    for (const player of players) expect(await rebatesPaidTo(database().db, player.id)).toBe(0n);

    const killed = new Promise((resolve) => child?.once('exit', (_code, signal) => resolve(signal)));
    child.kill('SIGKILL');
    expect(await killed).toBe('SIGKILL');

    const restarted = queueOn('restarted-node', database(), true, EXPIRE_SECONDS);
    await restarted.start();
    await vi.waitFor(
      async () => expect((await restarted.findJob(REBATE_DAILY_JOB, jobId))?.state).toBe('completed'),
      { timeout: 30_000, interval: 250 },
    );
    for (const player of players)
      expect(await rebatesPaidTo(database().db, player.id)).toBe(player.owedMinor);

    const again = await api.runNow(REBATE_DAILY_JOB, { at: day.closed });
    await vi.waitFor(
      async () => expect((await restarted.findJob(REBATE_DAILY_JOB, again))?.state).toBe('completed'),
      { timeout: 30_000, interval: 250 },
    );
    for (const player of players)
      expect(await rebatesPaidTo(database().db, player.id)).toBe(player.owedMinor);
    expect((await reconcile(database().db)).problems).toEqual([]);
  }, 90_000);
});
