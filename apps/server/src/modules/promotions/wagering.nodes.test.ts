import { beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import { jobContextAt } from '../../platform/jobs/jobs.test-helpers.ts';
import { describeOnSeveralNodes } from '../../test/several-nodes.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import { findGrant, type GrantRow } from './promotions.store.ts';
import {
  balanceByKind,
  firstDepositGrants,
  onlyPromotion,
  postingsUnder,
  TEST_TERMS,
  testPromotions,
} from './promotions.test-helpers.ts';
import { wageringJob } from './wagering-job.ts';

const childScript = new URL('./wagering-crash-node.test-helpers.ts', import.meta.url);
const EXPIRE_SECONDS = 2;
const OFFSET = () => '+08:00';
/** 100.00 deposited, a bonus of 100.00: released with the deposit's 100.00 left in the main wallet. */
const DEPOSIT = 10_000n;

const jobOn = (handle: DatabaseHandle, expireInSeconds = 60) =>
  wageringJob(handle.db, testPromotions(handle.db).promotions, OFFSET, expireInSeconds);

describeOnSeveralNodes('the wagering job’s bonus releases on several nodes (ADR 045)', (nodes) => {
  const { database } = nodes;

  beforeAll(async () => {
    // No wagering asked: every grant is met as soon as it is given, so the job's next run releases it.
    await onlyPromotion(database().db, {
      terms: { ...TEST_TERMS, wagering: { ...TEST_TERMS.wagering, multiplier: 0 } },
    });
  });

  /** `count` members, each with a first-deposit bonus of 100.00 whose wagering is met. */
  const metGrants = (count: number) => firstDepositGrants(database().db, count, DEPOSIT);

  async function expectReleasedOnce(rows: GrantRow[]) {
    for (const grant of rows) {
      expect(await findGrant(database().db, grant.id)).toMatchObject({
        status: 'RELEASED',
        closedReason: 'WAGERING_MET',
      });
      expect(await postingsUnder(database().db, `bonus:release:${grant.id}`)).toBe(1);
      expect(await balanceByKind(database().db, grant.memberId, 'MEMBER_BONUS')).toBe(0n);
      expect(await balanceByKind(database().db, grant.memberId, 'MEMBER_MAIN')).toBe(2n * DEPOSIT);
    }
    expect((await reconcile(database().db)).problems).toEqual([]);
  }

  it('when two nodes run the wagering job at once, then every met grant is released once', async () => {
    const rows = await metGrants(6);
    const at = new Date(Date.UTC(2026, 1, 1, 0, 1));
    await Promise.all([database(), nodes.second()].map((handle) => jobOn(handle).run(jobContextAt(at))));
    await expectReleasedOnce(rows);
  }, 60_000);

  it('when a node is SIGKILLed inside a release’s transaction, then after the restart every met grant is released exactly once', async () => {
    const rows = await metGrants(3);
    const crashed = await nodes.crashInsideRun({
      script: childScript,
      job: jobOn(database(), EXPIRE_SECONDS),
      runNow: { at: new Date(Date.UTC(2026, 1, 2, 0, 1)) },
    });
    const stoppedIn = BigInt(crashed.inside.replace('INSIDE ', ''));
    expect(rows.map((grant) => grant.id)).toContain(stoppedIn);
    // Moved and posted inside the open transaction: nothing of it is seen yet.
    expect((await findGrant(database().db, stoppedIn))?.status).toBe('ACTIVE');
    expect(await postingsUnder(database().db, `bonus:release:${stoppedIn}`)).toBe(0);

    await crashed.killAndRestart();
    await expectReleasedOnce(rows);
  }, 90_000);
});
