import { ReferralPaths } from '@fortuna/contracts/referrals';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import { jobContextAt } from '../../platform/jobs/jobs.test-helpers.ts';
import { seedDepositChannels } from '../../seed/deposit-channels.ts';
import { buildTestApp } from '../../test/app.ts';
import { bearer } from '../../test/identity-fixtures.ts';
import { describeOnSeveralNodes } from '../../test/several-nodes.ts';
import { loggedInMember } from '../../test/wallet-fixtures.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import { balanceByKind, testPromotions } from '../promotions/promotions.test-helpers.ts';
import { referralJob } from './referral-job.ts';
import { createReferralsService } from './referrals.service.ts';
import {
  creditedDeposit,
  referralOf,
  referralPromotion,
  registerWith,
  setProgramme,
} from './referrals.test-helpers.ts';

const childScript = new URL('./referral-crash-node.test-helpers.ts', import.meta.url);
const EXPIRE_SECONDS = 2;
const OFFSET = () => '+08:00';
/** The programme's reward per friend (referrals.test-helpers.ts), paid in cash. */
const REWARD = 5_000n;

const jobOn = (handle: DatabaseHandle, expireInSeconds = 60) =>
  referralJob(
    handle.db,
    createReferralsService({ db: handle.db, promotions: testPromotions(handle.db).promotions }),
    OFFSET,
    expireInSeconds,
  );

describeOnSeveralNodes('the referral reward job on several nodes (ADR 060)', (nodes) => {
  const { database } = nodes;
  let app: FastifyInstance;

  beforeAll(async () => {
    await seedDepositChannels(database().db);
    app = await buildTestApp(database(), { TRUSTED_PROXIES: '127.0.0.1,::1' });
    const promotionId = (await referralPromotion(database().db)).id.toString();
    expect((await setProgramme(app, { promotionId })).statusCode).toBe(200);
  });
  afterAll(() => app.close());

  /**
   * A member who invited `count` friends, each registered with the member's code and past the
   * programme's first deposit: rewards due, left for the job (the referrer's page, which settles
   * them too, is read before the friends come).
   */
  async function pendingReferrals(count: number) {
    const referrer = await loggedInMember(database().db);
    const page = await app.inject({
      method: 'GET',
      url: ReferralPaths.mine,
      headers: bearer(referrer.token),
    });
    const { code } = page.json().value;
    const friends: bigint[] = [];
    for (let index = 0; index < count; index += 1) {
      const friend = await registerWith(app, code);
      await creditedDeposit(app, friend.token, '100000');
      expect((await referralOf(database().db, friend.memberId))?.state).toBe('PENDING');
      friends.push(friend.memberId);
    }
    return { referrerId: referrer.member.id, friends };
  }

  async function expectRewardedOnce({ referrerId, friends }: { referrerId: bigint; friends: bigint[] }) {
    for (const friend of friends)
      expect(await referralOf(database().db, friend)).toMatchObject({ state: 'REWARDED' });
    expect(await balanceByKind(database().db, referrerId, 'MEMBER_MAIN')).toBe(
      REWARD * BigInt(friends.length),
    );
    expect((await reconcile(database().db)).problems).toEqual([]);
  }

  it('when two nodes run the referral job at once, then each friend’s reward is paid once', async () => {
    const referrals = await pendingReferrals(4);
    const at = new Date(Date.UTC(2026, 1, 1, 0, 1));
    await Promise.all([database(), nodes.second()].map((handle) => jobOn(handle).run(jobContextAt(at))));
    await expectRewardedOnce(referrals);
  }, 60_000);

  it('when a node is SIGKILLed inside a reward’s transaction, then after the restart each friend’s reward is paid exactly once', async () => {
    const referrals = await pendingReferrals(3);
    const crashed = await nodes.crashInsideRun({
      script: childScript,
      job: jobOn(database(), EXPIRE_SECONDS),
      runNow: { at: new Date(Date.UTC(2026, 1, 2, 0, 1)) },
    });
    const stoppedFor = BigInt(crashed.inside.replace('INSIDE referral of member ', ''));
    expect(referrals.friends).toContain(stoppedFor);
    // Moved and granted inside the open transaction: nothing of it is seen yet.
    expect((await referralOf(database().db, stoppedFor))?.state).toBe('PENDING');
    expect(await balanceByKind(database().db, referrals.referrerId, 'MEMBER_MAIN')).toBe(0n);

    await crashed.killAndRestart();
    await expectRewardedOnce(referrals);
  }, 90_000);
});
