/**
 * A node for job-queue.crash.test.ts, run as its own process: it works the payout job, and its run
 * stops inside the job's transaction (after the posting, before the commit) and says so on stdout,
 * waiting there for the SIGKILL the test sends.
 */
import { createLedgerService } from '../../modules/ledger/ledger.service.ts';
import { openPostgres } from '../db/database.ts';
import { payoutJob, testJobQueue } from './jobs.test-helpers.ts';

const url = process.env.CRASH_DATABASE_URL;
const accountId = process.env.CRASH_ACCOUNT_ID;
if (!url || !accountId) throw new Error('CRASH_DATABASE_URL and CRASH_ACCOUNT_ID are needed');

const database = await openPostgres(url, { maxConnections: 2 });
const ledger = createLedgerService({ db: database.db, currency: () => 'PHP' });
const queue = testJobQueue(database, { node: 'crashing-node' });
queue.define(
  payoutJob({
    db: database.db,
    ledger,
    accountId: BigInt(accountId),
    expireInSeconds: Number(process.env.CRASH_EXPIRE_SECONDS ?? '2'),
    inside: async (periodKey) => {
      process.stdout.write(`INSIDE ${periodKey}\n`);
      await new Promise(() => undefined);
    },
  }),
);
await queue.start();
process.stdout.write('READY\n');
