import type { AfterAnswer } from '../../platform/after-answer.ts';
import { inTransaction } from '../../platform/db/after-commit.ts';
import type { Database, Executor } from '../../platform/db/database.ts';
import type { ScheduledJob } from '../../platform/jobs/job-queue.ts';
import { repeatingJob } from '../../platform/jobs/repeating-job.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { PostingRequest } from '../ledger/posting.ts';
import * as store from './deposit.store.ts';

/** What the promotions hear of a credited deposit, as of its credit (ADR 052, 073, 078). */
export interface CreditedDepositNotice {
  memberId: bigint;
  orderNo: string;
  amountMinor: bigint;
  /** The member's deposits credited before it, exactly (capped past the highest Nth-deposit ordinal). */
  creditedBefore: number;
  /** When it was credited: the promotions running then are the ones it may trigger. */
  creditedAt: Date;
}

/**
 * Asked once per credited deposit, after its credit committed, inside the transaction that marks
 * it evaluated: the promotions write their grants there and answer their BONUS postings.
 */
export type GrantsOnCredit = (tx: Executor, deposit: CreditedDepositNotice) => Promise<PostingRequest[]>;

/** A credit older than this and still unevaluated was left by a crash: the sweep grants it. */
export const EVALUATION_GRACE_MS = 5_000;
const SWEEP_BATCH = 100;
export const DEPOSIT_PROMOTIONS_SWEEP_JOB = 'deposit.promotions-sweep';

/**
 * A deposit's promotions, granted after its credit commits (ADR 078): the callback answers
 * without waiting for them, the node evaluates the deposit at once off the callback's path, and
 * a sweep grants what a crash left. Whoever marks the order evaluated first grants; the mark and
 * the grants commit together or not at all, so each deposit is evaluated exactly once.
 */
export function createDepositPromotions(deps: {
  db: Database;
  ledger: LedgerService;
  afterAnswer: AfterAnswer;
  grantsOnCredit: GrantsOnCredit;
}) {
  const { db, ledger } = deps;

  /** Marks the order evaluated and grants what it triggers; answers the grants posted (0 if someone else did). */
  function evaluate(orderNo: string): Promise<number> {
    // inTransaction: the member hears the bonus once it is committed, as a claim's grant.
    return inTransaction(db, async (tx) => {
      const order = await store.markPromotionsEvaluated(tx, orderNo);
      if (!order) return 0;
      const postings = await deps.grantsOnCredit(tx, {
        memberId: order.memberId,
        orderNo: order.orderNo,
        amountMinor: order.amountMinor,
        creditedBefore: order.creditedOrdinal - 1,
        creditedAt: order.creditedAt,
      });
      if (postings.length > 0) await ledger.postManyAllOrNothing(postings, tx);
      return postings.length;
    });
  }

  return {
    evaluate,

    /**
     * The credit of `orderNo` committed: evaluated once the caller has answered, not waited for;
     * a failure is logged and left to the sweep. Closing the app waits for it (after-answer.ts).
     */
    afterCredit(orderNo: string): void {
      deps.afterAnswer.run(`promotions of deposit ${orderNo}`, () => evaluate(orderNo));
    },

    /**
     * Evaluates credits left unevaluated for longer than the grace; answers how many it granted for.
     * One deposit that fails does not hold back the others of its batch: they are granted, then the
     * pass throws naming it (the queue logs the run as failed), and the next pass tries it again.
     */
    async sweep(now: Date = new Date(), graceMs = EVALUATION_GRACE_MS): Promise<number> {
      const before = new Date(now.getTime() - graceMs);
      let evaluated = 0;
      for (;;) {
        const batch = await store.unevaluatedCredits(db, before, SWEEP_BATCH);
        const failed: string[] = [];
        for (const orderNo of batch) {
          try {
            if ((await evaluate(orderNo)) > 0) evaluated += 1;
          } catch {
            failed.push(orderNo);
          }
        }
        // A failed deposit stays unevaluated and would head the next batch again: end the pass here.
        if (failed.length > 0) {
          throw new Error(`deposit promotions sweep: ${failed.join(', ')} failed (${evaluated} granted)`);
        }
        if (batch.length < SWEEP_BATCH) return evaluated;
      }
    },
  };
}
export type DepositPromotions = ReturnType<typeof createDepositPromotions>;

/**
 * The sweep on the job queue, every second within a minute-long singleton run (repeating-job.ts),
 * so a deposit whose node died between its credit and its grant is granted within seconds by another.
 */
export function depositPromotionsSweepJob(options: {
  promotions: Pick<DepositPromotions, 'sweep'>;
  stopping: AbortSignal;
  everyMs?: number;
  runForMs?: number;
}): ScheduledJob {
  const { promotions, ...timing } = options;
  return repeatingJob({
    kind: DEPOSIT_PROMOTIONS_SWEEP_JOB,
    counted: 'granted',
    pass: () => promotions.sweep(),
    ...timing,
  });
}
