import type { Database } from '../../../platform/db/database.ts';
import { CONTRACT_PERIOD_KINDS } from '../../../platform/jobs/calendar-periods.ts';
import type { ScheduledJob } from '../../../platform/jobs/job-queue.ts';
import { PERIOD } from '../../../platform/jobs/periods.ts';
import type { LedgerService } from '../../ledger/ledger.service.ts';
import { dividendContractsOf } from './contracts-to-settle.store.ts';
import { type ApprovalThresholdOf, payoutOf, settlementJob } from './salary-jobs.ts';
import { type DividendPeriodCode, settleDividendPeriod } from './settle-dividend.ts';

export const DIVIDEND_JOB_KIND: Record<DividendPeriodCode, string> = {
  D: 'contracts.dividend-daily',
  W: 'contracts.dividend-weekly',
  H: 'contracts.dividend-semi-monthly',
  M: 'contracts.dividend-monthly',
};

/** How many closed periods a dividend run looks back over (a cluster down that long catches up). */
const LOOKBACK: Record<DividendPeriodCode, number> = { D: 7, W: 4, H: 4, M: 3 };

/**
 * The dividend of one period code (ADR 038), every ten minutes: each closed period of the code's
 * kind on the site's clock, exactly once across nodes (runClosedPeriods). A period's net loss
 * deducts the salaries of its days, so it waits for the last of them: a day's salary is settled on
 * its payday (`salaryPaymentDelayDays` after it), so the period is settled one salary run (ten
 * minutes) after the payday of its last day — or after the rollups' grace when that is later.
 */
export function dividendJob(options: {
  db: Database;
  ledger: LedgerService;
  /** Bills above it wait for an operator's approval (ADR 038, 048); none by default. */
  approvalThreshold?: ApprovalThresholdOf;
  periodCode: DividendPeriodCode;
  gmtOffset: () => string;
  salaryPaymentDelayDays?: number;
  expireInSeconds?: number;
}): ScheduledJob {
  const { periodCode } = options;
  const delayDays = options.salaryPaymentDelayDays ?? 2;
  return settlementJob({
    db: options.db,
    kind: DIVIDEND_JOB_KIND[periodCode],
    cron: '*/10 * * * *',
    periods: { periodKind: CONTRACT_PERIOD_KINDS[periodCode] },
    lookbackPeriods: LOOKBACK[periodCode],
    gmtOffset: options.gmtOffset,
    graceMinutes: (rollupGrace) => Math.max((delayDays - 1) * PERIOD.DAY, rollupGrace) + PERIOD.TEN_MINUTES,
    expireInSeconds: options.expireInSeconds ?? 600,
    settle: async (tx, period) =>
      settleDividendPeriod(tx, await payoutOf(tx, options), {
        period,
        contracts: await dividendContractsOf(tx, periodCode, period),
      }),
  });
}

/** A dividend job for each period code (D, W, H, M). */
export function dividendJobs(options: Omit<Parameters<typeof dividendJob>[0], 'periodCode'>): ScheduledJob[] {
  return (Object.keys(DIVIDEND_JOB_KIND) as DividendPeriodCode[]).map((periodCode) =>
    dividendJob({ ...options, periodCode }),
  );
}
