import type { Executor } from '../../../platform/db/database.ts';
import type { ContractPeriodCode } from '../../../platform/jobs/calendar-periods.ts';
import type { Period } from '../../../platform/jobs/periods.ts';
import { periodDividend } from './dividend.ts';
import { carriedInOf, dividendTeamsOfPeriod } from './dividend-figures.store.ts';
import {
  type Payout,
  type PeriodSettlement,
  type SalaryContract,
  writeAndPayBills,
} from './settle-period.ts';

/** A dividend's period codes (spec 3): D a day, W a week, H a half month, M a month. */
export type DividendPeriodCode = ContractPeriodCode;

/**
 * One dividend period for the given contracts (ADR 038): each team's net loss of the period
 * (dividend-figures.store.ts) plus the loss its contract's previous bill carried out, × the rate of
 * the tier reached; a negative base pays nothing and is carried on in the bill. Bills and payments
 * (DIVIDEND in the ledger) as every settlement writes them, uplines paid first.
 */
export async function settleDividendPeriod(
  tx: Executor,
  payout: Payout,
  input: { period: Period; contracts: SalaryContract[] },
): Promise<PeriodSettlement> {
  const { period, contracts } = input;
  const teams = await dividendTeamsOfPeriod(
    tx,
    contracts.map((contract) => contract.payeeMemberId),
    period,
  );
  const carried = await carriedInOf(
    tx,
    contracts.map((contract) => contract.id),
    period,
  );
  const settled = contracts.map((contract) => {
    const team = teams.get(contract.payeeMemberId);
    if (!team) throw new Error(`no team figures for agent ${contract.payeeMemberId}`);
    const dividend = periodDividend(contract.tiers, team, carried.get(contract.id) ?? 0n);
    return {
      contract,
      team,
      calculation: {
        baseMinor: dividend.baseMinor,
        tierLevel: dividend.tierLevel,
        ratePpm: dividend.ratePpm,
        amountMinor: dividend.amountMinor,
        carriedInMinor: dividend.carriedInMinor,
        carriedOutMinor: dividend.carriedOutMinor,
      },
    };
  });
  return writeAndPayBills(tx, payout, { type: 'DIVIDEND', period, settled });
}
