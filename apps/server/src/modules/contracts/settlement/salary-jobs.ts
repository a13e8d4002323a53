import type { Database, Executor } from '../../../platform/db/database.ts';
import { runClosedPeriods } from '../../../platform/jobs/closed-periods.ts';
import type { ScheduledJob } from '../../../platform/jobs/job-queue.ts';
import { PERIOD, type Period } from '../../../platform/jobs/periods.ts';
import type { LedgerService } from '../../ledger/ledger.service.ts';
import { type SalaryContract, type SalaryContractType, settleSalaryPeriod } from './settle-period.ts';
import { rollupGraceMinutes } from './team-figures.store.ts';

export const SALARY_JOB_KIND: Record<SalaryContractType, string> = {
  DAILY_SALARY: 'contracts.daily-salary',
  HOUR_SALARY: 'contracts.hourly-salary',
};

const MINUTES_OF: Record<SalaryContractType, number> = { DAILY_SALARY: PERIOD.DAY, HOUR_SALARY: PERIOD.HOUR };
// How far back a run looks for periods a stopped cluster missed: a week of days, two days of hours.
const LOOKBACK_PERIODS: Record<SalaryContractType, number> = { DAILY_SALARY: 7, HOUR_SALARY: 48 };

/** The contracts that count for a period (ADR 037: active from its start to its end). */
export type ContractsOfPeriod = (
  tx: Executor,
  type: SalaryContractType,
  period: Period,
) => Promise<SalaryContract[]>;

/**
 * Settles daily or hourly salary, each closed period exactly once across nodes (ADR 019
 * runClosedPeriods: bills, payments and the period's key commit together). It fires every ten
 * minutes whatever the period, so a cluster that was down catches up. A period is settled once
 * late rounds can no longer enter it (the rollups' grace); a day, on its payment day: the start of
 * the site day `paymentDelayDays` after it (ADR 038, the day after next by default).
 */
export function salaryJob(options: {
  db: Database;
  ledger: LedgerService;
  type: SalaryContractType;
  gmtOffset: () => string;
  contractsOf: ContractsOfPeriod;
  paymentDelayDays?: number;
  expireInSeconds?: number;
}): ScheduledJob {
  const { db, ledger, type } = options;
  const kind = SALARY_JOB_KIND[type];
  const minutes = MINUTES_OF[type];
  const delayDays = options.paymentDelayDays ?? 2;
  return {
    kind,
    cron: '*/10 * * * *',
    // A day of 10,000 contracts settles in well under a minute (bench/contract-settlement.ts).
    expireInSeconds: options.expireInSeconds ?? 600,
    async run({ at, jobId, node }) {
      const rollupGrace = await rollupGraceMinutes(db);
      // A day D is paid from D's start + delayDays, i.e. (delayDays − 1) days after it ends.
      const graceMinutes =
        type === 'DAILY_SALARY' ? Math.max((delayDays - 1) * PERIOD.DAY, rollupGrace) : rollupGrace;
      const runs = await runClosedPeriods(
        db,
        {
          kind,
          minutes,
          gmtOffset: options.gmtOffset(),
          at,
          lookbackPeriods: LOOKBACK_PERIODS[type],
          graceMinutes,
          node,
          jobId,
        },
        async (tx, period) =>
          settleSalaryPeriod(tx, ledger, {
            type,
            period,
            contracts: await options.contractsOf(tx, type, period),
          }),
      );
      return { settled: runs.filter((run) => run.outcome.ran).map((run) => run.period) };
    },
  };
}
