import type { Database } from '../../platform/db/database.ts';
import { sweepJob } from '../../platform/jobs/sweep-job.ts';
import type { PromotionsService } from './promotions.service.ts';

/**
 * Every minute (ADR 045): each active grant's wagering progress from the bets settled since it was
 * given, and the release of the ones that met their requirement. A release is once per grant
 * whichever node or retry runs it (a conditional move and an idempotency key, promotions.service.ts).
 */
export const wageringJob = (
  db: Database,
  promotions: Pick<PromotionsService, 'followAll'>,
  gmtOffset: () => string,
  expireInSeconds?: number,
) =>
  sweepJob({
    kind: 'promotions.wagering',
    everyMinutes: 1,
    db,
    gmtOffset,
    ...(expireInSeconds === undefined ? {} : { expireInSeconds }),
    sweep: () => promotions.followAll(),
  });
