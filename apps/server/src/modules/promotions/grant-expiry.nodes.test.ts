import { beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import { jobContextAt } from '../../platform/jobs/jobs.test-helpers.ts';
import { describeOnSeveralNodes } from '../../test/several-nodes.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import { grantExpiryJob } from './grant-expiry-job.ts';
import { findGrant, type GrantRow } from './promotions.store.ts';
import {
  balanceByKind,
  firstDepositGrants,
  onlyPromotion,
  postingsUnder,
  promotionsDaysLater,
  TEST_TERMS,
} from './promotions.test-helpers.ts';

const childScript = new URL('./grant-expiry-crash-node.test-helpers.ts', import.meta.url);
const EXPIRE_SECONDS = 2;
const DAYS_LATER = 8;
const OFFSET = () => '+08:00';

const jobOn = (handle: DatabaseHandle, expireInSeconds = 60) =>
  grantExpiryJob(handle.db, promotionsDaysLater(handle.db, DAYS_LATER), OFFSET, expireInSeconds);

describeOnSeveralNodes('grant expiry on several nodes (ADR 066)', (nodes) => {
  const { database } = nodes;

  beforeAll(async () => {
    await onlyPromotion(database().db, { terms: { ...TEST_TERMS, expiresInDays: 7 } });
  });

  /** `count` members, each with a first-deposit bonus of 100.00 that expires in 7 days. */
  const grants = (count: number) => firstDepositGrants(database().db, count, 10_000n);

  async function expectExpiredOnce(rows: GrantRow[]) {
    for (const grant of rows) {
      expect(await findGrant(database().db, grant.id)).toMatchObject({
        status: 'FORFEITED',
        closedReason: 'EXPIRED',
      });
      expect(await postingsUnder(database().db, `bonus:expire:${grant.id}`)).toBe(1);
      expect(await balanceByKind(database().db, grant.memberId, 'MEMBER_BONUS')).toBe(0n);
    }
    expect((await reconcile(database().db)).problems).toEqual([]);
  }

  it('when two nodes run the expiry at once, then every expired grant is forfeited once', async () => {
    const rows = await grants(6);
    const at = new Date(Date.UTC(2026, 1, 1, 0, 1));
    await Promise.all([database(), nodes.second()].map((handle) => jobOn(handle).run(jobContextAt(at))));
    await expectExpiredOnce(rows);
  }, 60_000);

  it('when a node is SIGKILLed inside a grant’s transaction, then after the restart every grant is expired exactly once', async () => {
    const rows = await grants(3);
    const crashed = await nodes.crashInsideRun({
      script: childScript,
      env: { CRASH_DAYS_LATER: String(DAYS_LATER) },
      job: jobOn(database(), EXPIRE_SECONDS),
      runNow: { at: new Date(Date.UTC(2026, 1, 2, 0, 1)) },
    });
    expect(crashed.inside).toBe(`INSIDE ${rows[0]?.id}`);
    // Forfeited and posted inside the open transaction: nothing of it is seen yet.
    expect((await findGrant(database().db, rows[0]?.id ?? 0n))?.status).toBe('ACTIVE');
    expect(await postingsUnder(database().db, `bonus:expire:${rows[0]?.id}`)).toBe(0);

    await crashed.killAndRestart();
    await expectExpiredOnce(rows);
  }, 90_000);
});
