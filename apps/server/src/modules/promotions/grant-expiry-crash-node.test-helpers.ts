/**
 * A node for grant-expiry.nodes.test.ts, run as its own process: it works the grant expiry job
 * with its clock CRASH_DAYS_LATER days ahead, and its run stops inside the first grant's
 * transaction (after the forfeit and its posting, before the commit) and says so on stdout,
 * waiting there for the SIGKILL the test sends.
 */
import { crashSetting, openCrashingNode, stopInside, workJob } from '../../test/crashing-node.ts';
import { grantExpiryJob } from './grant-expiry-job.ts';
import { promotionsDaysLater } from './promotions.test-helpers.ts';

const { database, expireInSeconds } = await openCrashingNode();
const promotions = promotionsDaysLater(database.db, Number(crashSetting('DAYS_LATER', '0')));
await workJob(
  database,
  grantExpiryJob(
    database.db,
    {
      expiredGrants: promotions.expiredGrants,
      async expireGrant(tx, grant) {
        if (!(await promotions.expireGrant(tx, grant))) return false;
        return stopInside(`${grant.id}`);
      },
    },
    () => '+08:00',
    expireInSeconds,
  ),
);
