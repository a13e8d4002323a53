/**
 * A node for rebate-job.nodes.test.ts, run as its own process: it works the daily rebate job, and
 * its run stops inside the first paying day's transaction (after its postings, before the commit) and says so
 * on stdout, waiting there for the SIGKILL the test sends.
 */
import { openPostgres } from '../../platform/db/database.ts';
import { testJobQueue } from '../../platform/jobs/jobs.test-helpers.ts';
import { createLedgerService } from '../ledger/ledger.service.ts';
import { rebateDailyJob } from './rebate-job.ts';
import { createRebatesService } from './rebates.service.ts';
import { SITE_OFFSET } from './rebates.test-helpers.ts';

const url = process.env.CRASH_DATABASE_URL;
if (!url) throw new Error('CRASH_DATABASE_URL is needed');

const database = await openPostgres(url, { maxConnections: 2 });
const ledger = createLedgerService({ db: database.db, currency: () => 'PHP' });
const rebates = createRebatesService({
  db: database.db,
  ledger,
  gmtOffset: () => SITE_OFFSET,
  claimEnabled: () => true,
});
const queue = testJobQueue(database, { node: 'crashing-node' });
queue.define(
  rebateDailyJob({
    db: database.db,
    gmtOffset: () => SITE_OFFSET,
    expireInSeconds: Number(process.env.CRASH_EXPIRE_SECONDS ?? '2'),
    rebates: {
      ...rebates,
      async settleDay(tx, day) {
        const settled = await rebates.settleDay(tx, day);
        // Days without play (earlier in the look-back) settle as usual; the first that pays waits.
        if (settled.membersPaid === 0) return settled;
        process.stdout.write(`INSIDE ${day.key} ${settled.paidMinor}\n`);
        return new Promise(() => undefined);
      },
    },
  }),
);
await queue.start();
process.stdout.write('READY\n');
