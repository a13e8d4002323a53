import type { Executor } from '../../../platform/db/database.ts';
import type { Period } from '../../../platform/jobs/periods.ts';
import type { LedgerService } from '../../ledger/ledger.service.ts';
import * as bills from './bills.store.ts';
import { payBill } from './payments.ts';
import { periodSalary, type RatedTier } from './salary.ts';
import type { BillStatus } from './settlement.schema.ts';
import { NO_PLAY, teamFiguresOfPeriod } from './team-figures.store.ts';

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

/**
 * One period of daily or hourly salary for the given contracts, inside the caller's transaction
 * (the run-once transaction of the settlement job, so bills and payments commit with its key):
 * the teams' figures, a bill per contract with its calculation, then the payments, uplines first.
 * A bill already written for (contract, period) is kept as it is and not paid again.
 */
export async function settleSalaryPeriod(
  tx: Executor,
  ledger: LedgerService,
  input: { type: SalaryContractType; period: Period; contracts: SalaryContract[] },
): Promise<PeriodSettlement> {
  const { type, period, contracts } = input;
  const figures = await teamFiguresOfPeriod(
    tx,
    contracts.map((contract) => contract.payeeMemberId),
    period,
  );
  await bills.insertBills(
    tx,
    contracts.map((contract) => {
      const team = figures.get(contract.payeeMemberId) ?? NO_PLAY;
      const salary = periodSalary(contract.tiers, team);
      const status: BillStatus =
        salary.tierLevel === null ? 'THRESHOLD_NOT_REACHED' : salary.amountMinor === 0n ? 'PAID' : 'ISSUED';
      return {
        contractId: contract.id,
        contractType: type,
        periodKey: period.key,
        periodStart: period.start,
        periodEnd: period.end,
        payerMemberId: contract.payerMemberId,
        payeeMemberId: contract.payeeMemberId,
        baseMinor: salary.baseMinor,
        validBetMinor: team.validBetMinor,
        netLossMinor: team.netLossMinor,
        activeMembers: team.activeMembers,
        tierLevel: salary.tierLevel,
        ratePpm: salary.ratePpm,
        amountMinor: salary.amountMinor,
        status,
      };
    }),
  );
  const written = new Map(
    (await bills.billsOfPeriod(tx, type, period.key)).map((bill) => [bill.contractId, bill]),
  );
  const result: PeriodSettlement = { bills: written.size, owedMinor: 0n, paidMinor: 0n, short: 0 };
  for (const contract of inPaymentOrder(contracts)) {
    const bill = written.get(contract.id);
    if (!bill) continue;
    result.owedMinor += bill.amountMinor;
    if (bill.status !== 'ISSUED') continue;
    const outcome = await payBill(tx, ledger, bill.id);
    result.paidMinor += outcome.paidMinor;
    if (outcome.status !== 'PAID') result.short += 1;
  }
  return result;
}
