import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { ledgerTransactions } from '../../modules/ledger/ledger.schema.ts';
import type { LedgerService } from '../../modules/ledger/ledger.service.ts';
import type { Database } from '../db/database.ts';
import { createJobQueue, type JobContext, type JobQueueOptions, type ScheduledJob } from './job-queue.ts';
import { jobRuns } from './job-runs.schema.ts';
import { PERIOD, periodOf } from './periods.ts';
import { runOncePerPeriod } from './run-once.ts';

/** A log that says nothing: the tests read what a queue did from the database. */
export const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * A queue as the tests run one: quiet, no scheduler of its own (a test asks for runs), polling
 * every half second so a delivery is picked up quickly.
 */
export function testJobQueue(
  database: JobQueueOptions['database'],
  options: Pick<JobQueueOptions, 'node' | 'superviseIntervalSeconds'> & { workers?: boolean } = {},
) {
  return createJobQueue({
    database,
    log: quietLog,
    workers: options.workers ?? true,
    schedule: false,
    pollingIntervalSeconds: 0.5,
    ...options,
  });
}

/** What a job's run is handed when a test calls it directly for the instant `at`. */
export const jobContextAt = (at: Date): JobContext => ({
  at,
  jobId: 'test',
  node: 'test',
  signal: new AbortController().signal,
});

export const PAYOUT_KIND = 'test.period-payout';
export const PAYOUT_MINOR = 1_000n;

/**
 * A job with a visible effect, as the settlement jobs will have: it pays a member PAYOUT_MINOR
 * from the house for its five-minute period, the period's key as the posting's reference. The
 * posting's idempotency key is new on every attempt, so only runOncePerPeriod stands between a
 * second delivery and a second payment. `inside` runs in the transaction, after the posting.
 */
export function payoutJob(options: {
  db: Database;
  ledger: LedgerService;
  accountId: bigint;
  expireInSeconds?: number;
  inside?: (periodKey: string) => Promise<void>;
}): ScheduledJob {
  return {
    kind: PAYOUT_KIND,
    cron: '0 0 1 1 *',
    expireInSeconds: options.expireInSeconds ?? 60,
    async run({ at, jobId, node }) {
      const period = periodOf(at, PERIOD.FIVE_MINUTES, '+08:00');
      return runOncePerPeriod(options.db, { kind: PAYOUT_KIND, period, jobId, node }, async (tx) => {
        const house = await options.ledger.systemAccount('HOUSE', tx);
        const posted = await options.ledger.post(
          {
            type: 'ADJUSTMENT',
            reference: period.key,
            actor: 'system',
            idempotencyKey: `test-payout:${randomUUID()}`,
            entries: [
              { accountId: house.id, amountMinor: -PAYOUT_MINOR },
              { accountId: options.accountId, amountMinor: PAYOUT_MINOR },
            ],
          },
          tx,
        );
        await options.inside?.(period.key);
        return { transactionId: posted.id };
      });
    },
  };
}

/** How many ledger transactions carry the period's key as their reference. */
export async function postingsFor(db: Database, periodKey: string): Promise<number> {
  const rows = await db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.reference, periodKey));
  return rows.length;
}

/** The run history of one (kind, period), oldest first. */
export function runsOf(db: Database, kind: string, periodKey: string) {
  return db
    .select()
    .from(jobRuns)
    .where(and(eq(jobRuns.kind, kind), eq(jobRuns.periodKey, periodKey)))
    .orderBy(jobRuns.id);
}
