/**
 * A node for referral-job.nodes.test.ts, run as its own process: it works the referral reward job,
 * and its run stops inside the first reward's transaction (after the referral's move to REWARDED
 * and the referrer's grant, before the commit) and says so on stdout, waiting there for the
 * SIGKILL the test sends.
 */
import { openCrashingNode, stopInside, workJob } from '../../test/crashing-node.ts';
import { createPromotionsService } from '../promotions/promotions.service.ts';
import { referralJob } from './referral-job.ts';
import { createReferralsService } from './referrals.service.ts';

const { database, ledger, expireInSeconds } = await openCrashingNode();
const promotions = createPromotionsService({ db: database.db, ledger });
const referrals = createReferralsService({
  db: database.db,
  promotions: {
    rewardTermsOf: promotions.rewardTermsOf,
    followMember: promotions.followMember,
    async grantReward(tx, reward) {
      await promotions.grantReward(tx, reward);
      return stopInside(reward.source);
    },
  },
});
await workJob(
  database,
  referralJob(database.db, referrals, () => '+08:00', expireInSeconds),
);
