import type { Database } from '../../../platform/db/database.ts';
import type { ScheduledJob } from '../../../platform/jobs/job-queue.ts';
import type { LedgerService } from '../../ledger/ledger.service.ts';
import { billRetryJob } from './bill-retry-job.ts';
import { dividendJobs } from './dividend-jobs.ts';
import { type ApprovalThresholdOf, realTimeSalaryJob, salaryJob } from './salary-jobs.ts';

/**
 * The settlement of agent contracts on the job queue (ADR 038): daily and hourly salary every ten
 * minutes, real-time salary every five, dividends of each period code (D, W, H, M) every ten, and
 * the sweep that retries bills an upline could not pay.
 */
export function contractSettlementJobs(options: {
  db: Database;
  ledger: LedgerService;
  gmtOffset: () => string;
  salaryPaymentDelayDays: number;
  /** Bills above it wait for an operator's approval (ADR 048: read by each run). */
  approvalThreshold: ApprovalThresholdOf;
}): ScheduledJob[] {
  const { db, ledger, gmtOffset, approvalThreshold } = options;
  return [
    salaryJob({
      db,
      ledger,
      approvalThreshold,
      gmtOffset,
      type: 'DAILY_SALARY',
      paymentDelayDays: options.salaryPaymentDelayDays,
    }),
    salaryJob({ db, ledger, approvalThreshold, gmtOffset, type: 'HOUR_SALARY' }),
    realTimeSalaryJob({ db, ledger, approvalThreshold, gmtOffset }),
    ...dividendJobs({
      db,
      ledger,
      approvalThreshold,
      gmtOffset,
      salaryPaymentDelayDays: options.salaryPaymentDelayDays,
    }),
    billRetryJob({ db, ledger, gmtOffset }),
  ];
}
