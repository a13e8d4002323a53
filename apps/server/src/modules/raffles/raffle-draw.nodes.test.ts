import { expect, it } from 'vitest';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import { jobContextAt } from '../../platform/jobs/jobs.test-helpers.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { describeOnSeveralNodes } from '../../test/several-nodes.ts';
import { testLedger } from '../ledger/ledger.test-helpers.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import { recordRound } from '../promotions/promotions.test-helpers.ts';
import { raffleDrawJob } from './raffle-jobs.ts';
import { createRafflesService } from './raffles.service.ts';
import { creditedDeposit, raffleFields, rafflePrizesOf, testRaffles } from './raffles.test-helpers.ts';

const childScript = new URL('./raffle-crash-node.test-helpers.ts', import.meta.url);
const EXPIRE_SECONDS = 2;
const MINUTE = 60_000;
/** The prizes of raffleFields: 1,000.00 and twice 200.00. */
const PRIZES_MINOR = 140_000n;

function jobOn(handle: DatabaseHandle, expireInSeconds = 60) {
  const raffles = createRafflesService({ db: handle.db, ledger: testLedger(handle.db) });
  return raffleDrawJob({ db: handle.db, raffles, expireInSeconds });
}

describeOnSeveralNodes('the raffle draw on several nodes', (nodes) => {
  const { database } = nodes;

  /**
   * A raffle that opened two hours ago and drew an hour ago, made and claimed by clocks of then,
   * with four entrants who earned tickets in its hour: its draw is due now.
   */
  async function dueRaffleWithEntrants() {
    const opensAt = new Date(Date.now() - 120 * MINUTE);
    const { raffles, clock } = testRaffles(database().db, { now: new Date(opensAt.getTime() - MINUTE) });
    const raffle = await raffles.create(
      raffleFields({
        opensAt: opensAt.toISOString(),
        drawAt: new Date(opensAt.getTime() + 60 * MINUTE).toISOString(),
      }),
      'operator:test',
    );
    clock.now = new Date(opensAt.getTime() + 30 * MINUTE);
    const members: bigint[] = [];
    for (let index = 0; index < 4; index += 1) {
      const member = await createMember(database().db);
      members.push(member.id);
      const at = new Date(opensAt.getTime() + 10 * MINUTE);
      await recordRound(database().db, { memberId: member.id, category: 'RNG', stakeMinor: 20_000n, at });
      await creditedDeposit(database().db, { memberId: member.id, amountMinor: 60_000n, at });
      await raffles.claim(member.id, BigInt(raffle.id), 'EN');
    }
    const paidTo = async () => {
      let paid = 0n;
      for (const member of members) paid += await rafflePrizesOf(database().db, member);
      return paid;
    };
    return { raffleId: raffle.id, paidTo };
  }

  it('when two nodes draw the same raffle at once, directly and through their queues, then its prizes are paid once', async () => {
    const { raffleId, paidTo } = await dueRaffleWithEntrants();
    const now = new Date();
    const runs = await Promise.all(
      [database(), nodes.second()].map((handle) => jobOn(handle).run(jobContextAt(now))),
    );
    expect(runs.map((run) => (run as { drawn: string[] }).drawn.includes(raffleId)).sort()).toEqual([
      false,
      true,
    ]);
    expect(await paidTo()).toBe(PRIZES_MINOR);

    await nodes.runOnTwoQueues((handle) => jobOn(handle));
    expect(await paidTo()).toBe(PRIZES_MINOR);
    expect((await reconcile(database().db)).problems).toEqual([]);
  }, 60_000);

  it('when a node is SIGKILLed inside the draw’s transaction, then after the restart the raffle is drawn and paid exactly once', async () => {
    const { raffleId, paidTo } = await dueRaffleWithEntrants();
    const crashed = await nodes.crashInsideRun({
      script: childScript,
      job: jobOn(database(), EXPIRE_SECONDS),
      insidePrefix: `INSIDE ${raffleId}`,
    });
    expect(crashed.inside).toBe(`INSIDE ${raffleId} ${PRIZES_MINOR}`);
    expect(await paidTo()).toBe(0n);

    await crashed.killAndRestart();
    expect(await paidTo()).toBe(PRIZES_MINOR);

    await crashed.runAgain();
    expect(await paidTo()).toBe(PRIZES_MINOR);
    expect((await reconcile(database().db)).problems).toEqual([]);
  }, 90_000);
});
