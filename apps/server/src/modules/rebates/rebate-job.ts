import type { Database } from '../../platform/db/database.ts';
import { runClosedPeriods } from '../../platform/jobs/closed-periods.ts';
import type { ScheduledJob } from '../../platform/jobs/job-queue.ts';
import { PERIOD } from '../../platform/jobs/periods.ts';
import { rollupGraceMinutes } from '../rollups/rollups.service.ts';
import { REBATE_LOOKBACK_DAYS } from './rebate-days.ts';
import type { RebatesService } from './rebates.service.ts';

export const REBATE_DAILY_JOB = 'rebates.daily';

/**
 * The daily rebate (ADR 039): every five minutes, each site day that closed (the rollups' grace
 * after its end, so no late round changes it) within the look-back is settled exactly once, in
 * one transaction with its period key (runClosedPeriods): what claims have not paid yet, to every
 * member with valid bets that day.
 */
export function rebateDailyJob(options: {
  db: Database;
  rebates: RebatesService;
  gmtOffset: () => string;
  expireInSeconds?: number;
}): ScheduledJob {
  return {
    kind: REBATE_DAILY_JOB,
    cron: '*/5 * * * *',
    // A day of 100,000 members takes well under a minute (bench/rebate-run.ts).
    expireInSeconds: options.expireInSeconds ?? 600,
    async run({ at, jobId, node }) {
      const settled = await runClosedPeriods(
        options.db,
        {
          kind: REBATE_DAILY_JOB,
          minutes: PERIOD.DAY,
          gmtOffset: options.gmtOffset(),
          at,
          lookbackPeriods: REBATE_LOOKBACK_DAYS,
          graceMinutes: await rollupGraceMinutes(options.db),
          node,
          jobId,
        },
        (tx, day) => options.rebates.settleDay(tx, day),
      );
      return { days: settled.filter((day) => day.outcome.ran).map((day) => day.period) };
    },
  };
}
