import { beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { describeOnSeveralNodes } from '../../test/several-nodes.ts';
import { testLedger } from '../ledger/ledger.test-helpers.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import { rebateDailyJob } from './rebate-job.ts';
import { createRebatesService } from './rebates.service.ts';
import { rebatesPaidTo, recordPlay, SITE_OFFSET, setRates, siteDay } from './rebates.test-helpers.ts';

const childScript = new URL('./rebate-crash-node.test-helpers.ts', import.meta.url);
const EXPIRE_SECONDS = 2;

function jobOn(handle: DatabaseHandle, expireInSeconds = 60) {
  const rebates = createRebatesService({
    db: handle.db,
    ledger: testLedger(handle.db),
    gmtOffset: () => SITE_OFFSET,
    claimEnabled: () => true,
  });
  return rebateDailyJob({ db: handle.db, rebates, gmtOffset: () => SITE_OFFSET, expireInSeconds });
}

describeOnSeveralNodes('the daily rebate on several nodes', (nodes) => {
  const { database } = nodes;

  beforeAll(async () => {
    await setRates(database().db, { RNG: 100, FISH: 250 });
  });

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

  async function expectPaidOnce(players: { id: bigint; owedMinor: bigint }[]) {
    for (const player of players)
      expect(await rebatesPaidTo(database().db, player.id)).toBe(player.owedMinor);
  }

  it('when two nodes run the same day at once, directly and through their queues, then every member is paid once', async () => {
    const day = siteDay('2026-04-10');
    const players = await playersOn(day, 6);
    const signal = new AbortController().signal;
    const runs = await Promise.all(
      [database(), nodes.second()].map((handle, index) =>
        jobOn(handle).run({ at: day.closed, jobId: `direct-${index}`, node: `node-${index}`, signal }),
      ),
    );
    expect(runs.map((run) => (run as { days: string[] }).days.includes(day.key)).sort()).toEqual([
      false,
      true,
    ]);

    await nodes.runOnTwoQueues((handle) => jobOn(handle), { at: day.closed });
    await expectPaidOnce(players);
    expect((await reconcile(database().db)).problems).toEqual([]);
  }, 60_000);

  it('when a node is SIGKILLed inside the day’s transaction, then after the restart each member is paid exactly once', async () => {
    const day = siteDay('2026-04-20');
    const players = await playersOn(day, 4);
    const owed = players.reduce((sum, player) => sum + player.owedMinor, 0n);
    const crashed = await nodes.crashInsideRun({
      script: childScript,
      job: jobOn(database(), EXPIRE_SECONDS),
      runNow: { at: day.closed },
      // The crashing node works the look-back's days oldest first; it stops in the first it pays.
      insidePrefix: `INSIDE ${day.key}`,
    });
    expect(crashed.inside).toBe(`INSIDE ${day.key} ${owed}`);
    for (const player of players) expect(await rebatesPaidTo(database().db, player.id)).toBe(0n);

    await crashed.killAndRestart();
    await expectPaidOnce(players);

    await crashed.runAgain();
    await expectPaidOnce(players);
    expect((await reconcile(database().db)).problems).toEqual([]);
  }, 90_000);
});
