import type { Executor } from '../../../platform/db/database.ts';
import type { Period } from '../../../platform/jobs/periods.ts';
import type { LedgerService } from '../../ledger/ledger.service.ts';
import * as bills from './bills.store.ts';
import { payBills } from './payments.ts';
import { type RealTimeTier, realTimeSalary } from './real-time-salary.ts';
import { periodSalary, type RatedTier } from './salary.ts';
import type { BillStatus } from './settlement.schema.ts';
import { NO_PLAY, teamFiguresOfPeriod, teamFiguresOfWindow } from './team-figures.store.ts';
import type { TeamFigures } from './tiers.ts';

export type SalaryContractType = 'DAILY_SALARY' | 'HOUR_SALARY';

/** A contract as settlement needs it, whatever the contract store holds besides. */
export interface SalaryContract {
  id: bigint;
  /** The upline who pays; null: the platform (a top-level agent's contract). */
  payerMemberId: bigint | null;
  /** The agent paid, whose team's play is the base. */
  payeeMemberId: bigint;
  /** Lowest level first; one tier that asks nothing for a fixed rate. */
  tiers: RatedTier[];
}

export interface PeriodSettlement {
  bills: number;
  owedMinor: bigint;
  paidMinor: bigint;
  /** Bills an upline could not pay in full yet (the retry sweep comes back for them). */
  short: number;
}

/**
 * Payment order: an upline is paid on its own contract before it pays its downlines', so what it
 * received this period is there to pay with (the references' "each upline pays its child from its
 * own bill"). Depth = how many contracts of the set sit above one, through its payer.
 */
export function inPaymentOrder<T extends { payerMemberId: bigint | null; payeeMemberId: bigint }>(
  contracts: T[],
): T[] {
  const byPayee = new Map(contracts.map((contract) => [contract.payeeMemberId, contract]));
  const depth = new Map<T, number>();
  const depthOf = (contract: T, seen: number): number => {
    const known = depth.get(contract);
    if (known !== undefined) return known;
    const above = contract.payerMemberId === null ? undefined : byPayee.get(contract.payerMemberId);
    // `seen` guards a cycle, which a line (a tree) cannot hold.
    const value = above && seen < contracts.length ? depthOf(above, seen + 1) + 1 : 0;
    depth.set(contract, value);
    return value;
  };
  return [...contracts].sort((a, b) => depthOf(a, 0) - depthOf(b, 0));
}

/** What a bill records of its period's calculation, whatever the formula. */
interface BillCalculation {
  baseMinor: bigint;
  tierLevel: number | null;
  ratePpm: bigint;
  lossRatePpm?: bigint;
  profitRatePpm?: bigint;
  amountMinor: bigint;
  /** Dividend: the loss carried in from the previous period and out to the next. */
  carriedInMinor?: bigint;
  carriedOutMinor?: bigint;
}

type Party = Pick<SalaryContract, 'id' | 'payerMemberId' | 'payeeMemberId'>;

/**
 * How a run pays: through the ledger, and only up to the operators' approval threshold — a bill of
 * more waits as AWAITING_APPROVAL for an operator (bill-ops.ts). Null: no threshold.
 */
export interface Payout {
  ledger: LedgerService;
  approvalAboveMinor?: bigint | null;
}

function statusOfNewBill(calculation: BillCalculation, approvalAboveMinor?: bigint | null): BillStatus {
  if (calculation.tierLevel === null) return 'THRESHOLD_NOT_REACHED';
  if (calculation.amountMinor === 0n) return 'PAID';
  const needsApproval = approvalAboveMinor != null && calculation.amountMinor > approvalAboveMinor;
  return needsApproval ? 'AWAITING_APPROVAL' : 'ISSUED';
}

/**
 * Writes a bill per contract (a bill already written for (contract, period) is kept as it is), then
 * pays the ISSUED ones, uplines first, inside the caller's transaction — the run-once transaction of
 * the settlement job, so bills, payments and the period's key commit together.
 */
export async function writeAndPayBills(
  tx: Executor,
  payout: Payout,
  input: {
    type: string;
    period: Period;
    settled: { contract: Party; team: TeamFigures; calculation: BillCalculation }[];
  },
): Promise<PeriodSettlement> {
  const { type, period, settled } = input;
  const { ledger } = payout;
  await bills.insertBills(
    tx,
    settled.map(({ contract, team, calculation }) => {
      const status = statusOfNewBill(calculation, payout.approvalAboveMinor);
      return {
        contractId: contract.id,
        contractType: type,
        periodKey: period.key,
        periodStart: period.start,
        periodEnd: period.end,
        payerMemberId: contract.payerMemberId,
        payeeMemberId: contract.payeeMemberId,
        validBetMinor: team.validBetMinor,
        netLossMinor: team.netLossMinor,
        activeMembers: team.activeMembers,
        ...calculation,
        status,
      };
    }),
  );
  const written = new Map(
    (await bills.billsOfPeriod(tx, type, period.key)).map((bill) => [bill.contractId, bill]),
  );
  const result: PeriodSettlement = { bills: written.size, owedMinor: 0n, paidMinor: 0n, short: 0 };
  const inOrder = inPaymentOrder(settled.map((each) => each.contract)).flatMap((contract) => {
    const bill = written.get(contract.id);
    return bill ? [bill] : [];
  });
  // Still ISSUED: written by this transaction a moment ago (an ISSUED bill never commits unpaid).
  const outcomes = await payBills(
    tx,
    ledger,
    inOrder.filter((bill) => bill.status === 'ISSUED'),
  );
  for (const bill of inOrder) {
    result.owedMinor += bill.amountMinor;
    const outcome = outcomes.get(bill.id);
    if (!outcome) continue;
    result.paidMinor += outcome.paidMinor;
    if (outcome.status !== 'PAID') result.short += 1;
  }
  return result;
}

/** One period of daily or hourly salary for the given contracts, on the team rollups (ADR 038). */
export async function settleSalaryPeriod(
  tx: Executor,
  payout: Payout,
  input: { type: SalaryContractType; period: Period; contracts: SalaryContract[] },
): Promise<PeriodSettlement> {
  const { type, period, contracts } = input;
  const figures = await teamFiguresOfPeriod(
    tx,
    contracts.map((contract) => contract.payeeMemberId),
    period,
  );
  const settled = contracts.map((contract) => {
    const team = figures.get(contract.payeeMemberId) ?? NO_PLAY;
    return { contract, team, calculation: periodSalary(contract.tiers, team) };
  });
  return writeAndPayBills(tx, payout, { type, period, settled });
}

export interface RealTimeContract extends Party {
  tiers: RealTimeTier[];
}

/**
 * One five-minute window of real-time salary (ADR 038). Hourly rollups are too coarse for a
 * window, so the teams' figures are read from the bet records settled in it.
 */
export async function settleRealTimeWindow(
  tx: Executor,
  payout: Payout,
  input: { period: Period; contracts: RealTimeContract[] },
): Promise<PeriodSettlement> {
  const { period, contracts } = input;
  const figures = await teamFiguresOfWindow(
    tx,
    contracts.map((contract) => contract.payeeMemberId),
    period,
  );
  const settled = contracts.map((contract) => {
    const team = figures.get(contract.payeeMemberId) ?? NO_PLAY;
    const window = realTimeSalary(contract.tiers, team);
    return {
      contract,
      team,
      calculation: {
        baseMinor: window.validBetMinor,
        tierLevel: window.tierLevel,
        ratePpm: window.rates.singleBetPpm,
        lossRatePpm: window.rates.lossPpm,
        profitRatePpm: window.rates.profitPpm,
        amountMinor: window.amountMinor,
      },
    };
  });
  return writeAndPayBills(tx, payout, { type: 'REALTIME_SALARY', period, settled });
}
