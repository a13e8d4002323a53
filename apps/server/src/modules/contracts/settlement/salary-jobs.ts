import type { Database, Executor } from '../../../platform/db/database.ts';
import { type PeriodsOf, runClosedPeriods } from '../../../platform/jobs/closed-periods.ts';
import type { ScheduledJob } from '../../../platform/jobs/job-queue.ts';
import { PERIOD, type Period } from '../../../platform/jobs/periods.ts';
import type { LedgerService } from '../../ledger/ledger.service.ts';
import { realTimeContractsOf, salaryContractsOf } from './contracts-to-settle.store.ts';
import {
  type Payout,
  type PeriodSettlement,
  type RealTimeContract,
  type SalaryContract,
  type SalaryContractType,
  settleRealTimeWindow,
  settleSalaryPeriod,
} from './settle-period.ts';
import { rollupGraceMinutes } from './team-figures.store.ts';

export const SALARY_JOB_KIND = {
  DAILY_SALARY: 'contracts.daily-salary',
  HOUR_SALARY: 'contracts.hourly-salary',
  REALTIME_SALARY: 'contracts.realtime-salary',
} as const;

/**
 * The approval threshold a run applies, read in the run's transaction (ADR 048: an operator's, or
 * the configuration's); null: every bill is paid. Absent: no threshold.
 */
export type ApprovalThresholdOf = (tx: Executor) => Promise<bigint | null>;

/** What a run pays with: the ledger, and the threshold in force as it settles. */
export async function payoutOf(
  tx: Executor,
  options: { ledger: LedgerService; approvalThreshold?: ApprovalThresholdOf },
): Promise<Payout> {
  return { ledger: options.ledger, approvalAboveMinor: (await options.approvalThreshold?.(tx)) ?? null };
}

/** The contracts that count for a period (ADR 037: active from its start to its end). */
export type ContractsOfPeriod = (
  tx: Executor,
  type: SalaryContractType,
  period: Period,
) => Promise<SalaryContract[]>;
export type RealTimeContractsOfWindow = (tx: Executor, window: Period) => Promise<RealTimeContract[]>;

/**
 * A settlement job: every period (`periods`: minutes, or a calendar kind) closed at least
 * `graceMinutes` before the run's instant and within the look-back is settled exactly once across
 * nodes (ADR 019 runClosedPeriods: bills, payments and the period's key commit together); a
 * cluster that was down catches up, oldest first.
 */
export function settlementJob(options: {
  db: Database;
  kind: string;
  cron: string;
  periods: PeriodsOf;
  lookbackPeriods: number;
  gmtOffset: () => string;
  graceMinutes: (rollupGrace: number) => number;
  expireInSeconds: number;
  settle: (tx: Executor, period: Period) => Promise<PeriodSettlement>;
}): ScheduledJob {
  const { db, kind } = options;
  return {
    kind,
    cron: options.cron,
    expireInSeconds: options.expireInSeconds,
    async run({ at, jobId, node }) {
      const graceMinutes = options.graceMinutes(await rollupGraceMinutes(db));
      const runs = await runClosedPeriods(
        db,
        {
          ...options.periods,
          kind,
          gmtOffset: options.gmtOffset(),
          at,
          lookbackPeriods: options.lookbackPeriods,
          graceMinutes,
          node,
          jobId,
        },
        options.settle,
      );
      return { settled: runs.filter((run) => run.outcome.ran).map((run) => run.period) };
    },
  };
}

/**
 * Daily or hourly salary (ADR 038), firing every ten minutes whatever the period. A period is
 * settled once late rounds can no longer enter it (the rollups' grace, ADR 030); a day, on its
 * payday: the start of the site day `paymentDelayDays` after it (the day after next by default).
 * Look-back: a week of days, two days of hours.
 */
export function salaryJob(options: {
  db: Database;
  ledger: LedgerService;
  /** Bills above it wait for an operator's approval (ADR 038, 048); none by default. */
  approvalThreshold?: ApprovalThresholdOf;
  type: SalaryContractType;
  gmtOffset: () => string;
  /** Defaults to the contracts store (ADR 037); tests may narrow it. */
  contractsOf?: ContractsOfPeriod;
  paymentDelayDays?: number;
  expireInSeconds?: number;
}): ScheduledJob {
  const { type } = options;
  const daily = type === 'DAILY_SALARY';
  const delayDays = options.paymentDelayDays ?? 2;
  return settlementJob({
    db: options.db,
    kind: SALARY_JOB_KIND[type],
    cron: '*/10 * * * *',
    periods: { minutes: daily ? PERIOD.DAY : PERIOD.HOUR },
    lookbackPeriods: daily ? 7 : 48,
    gmtOffset: options.gmtOffset,
    // A day D is paid from D's start + delayDays, i.e. (delayDays − 1) days after it ends.
    graceMinutes: (rollupGrace) =>
      daily ? Math.max((delayDays - 1) * PERIOD.DAY, rollupGrace) : rollupGrace,
    // A day of 10,000 contracts settles in well under a minute (bench/contract-settlement.ts).
    expireInSeconds: options.expireInSeconds ?? 600,
    settle: async (tx, period) =>
      settleSalaryPeriod(tx, await payoutOf(tx, options), {
        type,
        period,
        contracts: await (options.contractsOf ?? salaryContractsOf)(tx, type, period),
      }),
  });
}

/**
 * Real-time salary (ADR 038, spec 9): every five minutes, each closed window once the rollups'
 * grace has passed, on the bet records settled in it. Look-back: three hours of windows.
 */
export function realTimeSalaryJob(options: {
  db: Database;
  ledger: LedgerService;
  approvalThreshold?: ApprovalThresholdOf;
  gmtOffset: () => string;
  contractsOf?: RealTimeContractsOfWindow;
  expireInSeconds?: number;
}): ScheduledJob {
  return settlementJob({
    db: options.db,
    kind: SALARY_JOB_KIND.REALTIME_SALARY,
    cron: '*/5 * * * *',
    periods: { minutes: PERIOD.FIVE_MINUTES },
    lookbackPeriods: 36,
    gmtOffset: options.gmtOffset,
    graceMinutes: (rollupGrace) => rollupGrace,
    // Must never fall behind its own five minutes (bench: 10,000 contracts, 100,000 bets < 10 s).
    expireInSeconds: options.expireInSeconds ?? 240,
    settle: async (tx, window) =>
      settleRealTimeWindow(tx, await payoutOf(tx, options), {
        period: window,
        contracts: await (options.contractsOf ?? realTimeContractsOf)(tx, window),
      }),
  });
}
