/**
 * A node for bill-retry-job.nodes.test.ts, run as its own process: it works the bill retry job, and
 * its run stops inside the first bill's transaction right after its payment is posted (before the
 * commit), says so on stdout, and waits there for the SIGKILL the test sends.
 */
import { openCrashingNode, stopInside, workJob } from '../../../test/crashing-node.ts';
import type { LedgerService } from '../../ledger/ledger.service.ts';
import { billRetryJob } from './bill-retry-job.ts';

const { database, ledger, expireInSeconds } = await openCrashingNode();
// A bill's payment is posted with postManyAllOrNothing (payments.ts), named by its reference.
const stoppingAfterPayment: LedgerService = {
  ...ledger,
  postManyAllOrNothing: async (requests, tx) => {
    await ledger.postManyAllOrNothing(requests, tx);
    return stopInside(requests[0]?.reference ?? 'an empty batch');
  },
};
await workJob(
  database,
  billRetryJob({ db: database.db, ledger: stoppingAfterPayment, gmtOffset: () => '+08:00', expireInSeconds }),
);
