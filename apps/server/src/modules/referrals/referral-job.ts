import type { Database } from '../../platform/db/database.ts';
import { sweepJob } from '../../platform/jobs/sweep-job.ts';
import type { ReferralsService } from './referrals.service.ts';

/**
 * Every minute (ADR 060): pending referrals whose referee met the programme's condition are
 * rewarded. Once per referee whichever node or retry runs it: the PENDING → REWARDED move and the
 * grant commit together (referrals.service.ts).
 */
export const referralJob = (
  db: Database,
  referrals: Pick<ReferralsService, 'settlePending'>,
  gmtOffset: () => string,
  expireInSeconds?: number,
) =>
  sweepJob({
    kind: 'referrals.reward',
    everyMinutes: 1,
    db,
    gmtOffset,
    ...(expireInSeconds === undefined ? {} : { expireInSeconds }),
    sweep: () => referrals.settlePending(),
  });
