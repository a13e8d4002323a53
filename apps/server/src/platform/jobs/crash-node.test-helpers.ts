/**
 * A node for job-queue.crash.test.ts, run as its own process: it works the payout job, and its run
 * stops inside the job's transaction (after the posting, before the commit) and says so on stdout,
 * waiting there for the SIGKILL the test sends.
 */
import { crashSetting, openCrashingNode, stopInside, workJob } from '../../test/crashing-node.ts';
import { payoutJob } from './jobs.test-helpers.ts';

const { database, ledger, expireInSeconds } = await openCrashingNode();
await workJob(
  database,
  payoutJob({
    db: database.db,
    ledger,
    accountId: BigInt(crashSetting('ACCOUNT_ID')),
    expireInSeconds,
    inside: (periodKey) => stopInside(periodKey),
  }),
);
