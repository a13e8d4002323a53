/**
 * A node for rebate-job.nodes.test.ts, run as its own process: it works the daily rebate job, and
 * its run stops inside the first paying day's transaction (after its postings, before the commit) and says so
 * on stdout, waiting there for the SIGKILL the test sends.
 */
import { openCrashingNode, stopInside, workJob } from '../../test/crashing-node.ts';
import { rebateDailyJob } from './rebate-job.ts';
import { createRebatesService } from './rebates.service.ts';
import { SITE_OFFSET } from './rebates.test-helpers.ts';

const { database, ledger, expireInSeconds } = await openCrashingNode();
const rebates = createRebatesService({
  db: database.db,
  ledger,
  gmtOffset: () => SITE_OFFSET,
  claimEnabled: () => true,
});
await workJob(
  database,
  rebateDailyJob({
    db: database.db,
    gmtOffset: () => SITE_OFFSET,
    expireInSeconds,
    rebates: {
      ...rebates,
      async settleDay(tx, day) {
        const settled = await rebates.settleDay(tx, day);
        // Days without play (earlier in the look-back) settle as usual; the first that pays waits.
        if (settled.membersPaid === 0) return settled;
        return stopInside(`${day.key} ${settled.paidMinor}`);
      },
    },
  }),
);
