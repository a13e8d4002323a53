import type { Database } from '../../../platform/db/database.ts';
import { periodOfKind } from '../../../platform/jobs/calendar-periods.ts';
import type { ScheduledJob } from '../../../platform/jobs/job-queue.ts';
import type { LedgerService } from '../../ledger/ledger.service.ts';
import { DIVIDEND_JOB_KIND, dividendJob } from './dividend-jobs.ts';
import { SALARY_JOB_KIND, salaryJob } from './salary-jobs.ts';
import { activeContract, agentLine, playedInHour, settledDayFixture } from './settlement.test-helpers.ts';

const DAY_MS = 86_400_000;

/** A line of three contracts and a period of play for it, as the exactly-once tests settle it. */
export interface SettledPeriodFixture {
  line: Awaited<ReturnType<typeof agentLine>>;
  period: { key: string; start: Date; end: Date };
  contracts: { top: bigint; left: bigint; right: bigint };
  /** When the job first settles the period. */
  at: Date;
}

/**
 * A settlement run the two-node and crash tests drive the same way, whatever it settles: its job,
 * a fixture of three contracts (top paid by the platform, its two downlines by top), and what the
 * three agents hold once it is paid exactly once.
 */
export interface SettlementRun {
  name: string;
  kind: string;
  ledgerType: 'SALARY' | 'DIVIDEND';
  job: (db: Database, ledger: LedgerService, expireInSeconds?: number) => ScheduledJob;
  fixture: (db: Database, at: Date) => Promise<SettledPeriodFixture>;
  balances: { top: bigint; left: bigint; right: bigint };
}

const gmtOffset = () => '+08:00';

export type SettlementRunName = 'daily-salary' | 'weekly-dividend';

export const SETTLEMENT_RUNS: Record<SettlementRunName, SettlementRun> = {
  'daily-salary': {
    name: 'daily salary',
    kind: SALARY_JOB_KIND.DAILY_SALARY,
    ledgerType: 'SALARY',
    job: (db, ledger, expireInSeconds) =>
      salaryJob({ db, ledger, type: 'DAILY_SALARY', gmtOffset, expireInSeconds }),
    fixture: async (db, at) => {
      const { line, day, contracts, payday } = await settledDayFixture(db, at);
      return { line, period: day, contracts, at: payday };
    },
    balances: { top: 54_000n, left: 36_000n, right: 30_000n },
  },
  'weekly-dividend': {
    name: 'weekly dividend',
    kind: DIVIDEND_JOB_KIND.W,
    ledgerType: 'DIVIDEND',
    job: (db, ledger, expireInSeconds) =>
      dividendJob({ db, ledger, periodCode: 'W', gmtOffset, expireInSeconds }),
    fixture: async (db, at) => {
      const line = await agentLine(db);
      const week = periodOfKind(at, 'WEEK', '+08:00');
      const lost = (memberId: bigint, stakeMinor: bigint) =>
        playedInHour(db, memberId, week.start, { stakeMinor, payoutMinor: 0n });
      await lost(line.players.ofTop, 250_000n);
      await lost(line.players.ofLeft, 450_000n);
      await lost(line.players.ofRight, 300_000n);
      const dividend = { type: 'DIVIDEND', startsAt: week.start } as const;
      const contracts = {
        top: await activeContract(db, { ...dividend, payer: null, payee: line.top, ratePpm: 300_000 }),
        left: await activeContract(db, { ...dividend, payer: line.top, payee: line.left, ratePpm: 200_000 }),
        right: await activeContract(db, {
          ...dividend,
          payer: line.top,
          payee: line.right,
          ratePpm: 250_000,
        }),
      };
      // After the payday of the week's last day and one salary run (dividend-jobs.ts).
      return { line, period: week, contracts, at: new Date(week.end.getTime() + DAY_MS + 600_000) };
    },
    // Top: 30 % of 10 000.00 less 20 % of 4 500.00 and 25 % of 3 000.00.
    balances: { top: 135_000n, left: 90_000n, right: 75_000n },
  },
};
