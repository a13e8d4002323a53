import { inTransaction } from '../../platform/db/after-commit.ts';
import type { Database } from '../../platform/db/database.ts';
import { sweepJob } from '../../platform/jobs/sweep-job.ts';
import type { PromotionsService } from './promotions.service.ts';

export const GRANT_EXPIRY_JOB = 'promotions.expiry';
const EXPIRY_BATCH = 200;

/** What the job needs of the promotions service (a crash test's node wraps `expireGrant`). */
export type GrantExpiry = Pick<PromotionsService, 'expiredGrants' | 'expireGrant'>;

/**
 * Every minute (ADR 066): each active grant past its terms' expiry with its wagering unmet is
 * forfeited, each in its own transaction. A grant is expired once whichever node, retry or restart
 * after a crash runs it: the conditional move out of ACTIVE and the posting's key
 * `bonus:expire:<grant>` commit together or not at all, and a grant already moved is not listed again.
 */
export const grantExpiryJob = (
  db: Database,
  expiry: GrantExpiry,
  gmtOffset: () => string,
  expireInSeconds?: number,
) =>
  sweepJob({
    kind: GRANT_EXPIRY_JOB,
    everyMinutes: 1,
    db,
    gmtOffset,
    ...(expireInSeconds === undefined ? {} : { expireInSeconds }),
    sweep: async () => {
      let expired = 0;
      let after = 0n;
      for (;;) {
        const batch = await expiry.expiredGrants(after, EXPIRY_BATCH);
        for (const grant of batch)
          if (await inTransaction(db, (tx) => expiry.expireGrant(tx, grant))) expired += 1;
        if (batch.length < EXPIRY_BATCH) return expired;
        after = batch[batch.length - 1]?.id ?? after;
      }
    },
  });
