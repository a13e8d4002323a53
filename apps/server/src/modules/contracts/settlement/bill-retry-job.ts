import { inTransaction } from '../../../platform/db/after-commit.ts';
import type { Database } from '../../../platform/db/database.ts';
import type { ScheduledJob } from '../../../platform/jobs/job-queue.ts';
import { sweepJob } from '../../../platform/jobs/sweep-job.ts';
import type { LedgerService } from '../../ledger/ledger.service.ts';
import { owedBillIds } from './bills.store.ts';
import { payBill } from './payments.ts';

export const BILL_RETRY_JOB = 'contracts.bill-retry';

/**
 * Pays what it can of every bill still owed, oldest first, a page of `batch` at a time; answers
 * how many it tried and how many it paid in full. Pages go on by bill id, so bills whose payers
 * still cannot pay never keep the ones behind them from being tried.
 */
export async function retryOwedBills(db: Database, ledger: LedgerService, batch = 500) {
  let owed = 0;
  let paidInFull = 0;
  let afterId = 0n;
  for (;;) {
    const page = await owedBillIds(db, { afterId, limit: batch });
    for (const billId of page) {
      const outcome = await inTransaction(db, (tx) => payBill(tx, ledger, billId));
      if (outcome.status === 'PAID') paidInFull += 1;
    }
    owed += page.length;
    if (page.length < batch) return { owed, paidInFull };
    afterId = page[page.length - 1] ?? afterId;
  }
}

/**
 * Comes back every ten minutes for bills an upline could not pay in full (partially paid,
 * insufficient balance): each in its own transaction that locks the bill, pays what the payer now
 * holds and records the payment under its own number. Two runs at once, a re-delivery or a crash
 * repeat nothing: the lock makes the second wait and see the first's payment, and the ledger key
 * (bill, payment number) would refuse a second posting of it anyway.
 */
export function billRetryJob(options: {
  db: Database;
  ledger: LedgerService;
  gmtOffset: () => string;
  expireInSeconds?: number;
}): ScheduledJob {
  return sweepJob({
    kind: BILL_RETRY_JOB,
    everyMinutes: 10,
    db: options.db,
    gmtOffset: options.gmtOffset,
    ...(options.expireInSeconds === undefined ? {} : { expireInSeconds: options.expireInSeconds }),
    sweep: () => retryOwedBills(options.db, options.ledger),
  });
}
