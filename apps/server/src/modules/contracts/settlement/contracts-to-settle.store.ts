import { and, asc, eq, gte, isNull, lte, or } from 'drizzle-orm';
import type { Executor } from '../../../platform/db/database.ts';
import type { Period } from '../../../platform/jobs/periods.ts';
import { agentContracts } from '../contracts.schema.ts';
import { findTiers } from '../contracts.store.ts';
import { requirementsOf } from '../tiers.ts';
import type { DividendPeriodCode } from './settle-dividend.ts';
import type { RealTimeContract, SalaryContract, SalaryContractType } from './settle-period.ts';

/**
 * The contracts of a type that count for a period (ADR 037): ACTIVE, begun by its start and not
 * ended before its end — whatever happens to them after the period, the period is theirs. The
 * platform pays a PLATFORM contract; the upline who offered it pays the others.
 */
async function contractsCounting(
  tx: Executor,
  type: string,
  period: Pick<Period, 'start' | 'end'>,
  /** Only the contracts of this period code (a dividend's D, W, H or M). */
  periodCode?: string,
) {
  const rows = await tx
    .select({
      id: agentContracts.id,
      memberId: agentContracts.memberId,
      uplineId: agentContracts.uplineId,
      payer: agentContracts.payer,
    })
    .from(agentContracts)
    .where(
      and(
        eq(agentContracts.type, type),
        eq(agentContracts.status, 'ACTIVE'),
        periodCode === undefined ? undefined : eq(agentContracts.period, periodCode),
        lte(agentContracts.startsAt, period.start),
        or(isNull(agentContracts.endsAt), gte(agentContracts.endsAt, period.end)),
      ),
    )
    .orderBy(asc(agentContracts.id));
  const tiers = await findTiers(
    tx,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    payerMemberId: row.payer === 'PLATFORM' ? null : row.uplineId,
    payeeMemberId: row.memberId,
    tiers: tiers.get(row.id) ?? [],
  }));
}

export async function salaryContractsOf(
  tx: Executor,
  type: SalaryContractType,
  period: Pick<Period, 'start' | 'end'>,
): Promise<SalaryContract[]> {
  return (await contractsCounting(tx, type, period)).map(({ tiers, ...contract }) => ({
    ...contract,
    tiers: tiers.map((tier) => ({ requirements: requirementsOf(tier), ratePpm: BigInt(tier.ratePpm) })),
  }));
}

/** The dividend contracts of one period code (D, W, H, M) counting for a period of it. */
export async function dividendContractsOf(
  tx: Executor,
  periodCode: DividendPeriodCode,
  period: Pick<Period, 'start' | 'end'>,
): Promise<SalaryContract[]> {
  return (await contractsCounting(tx, 'DIVIDEND', period, periodCode)).map(({ tiers, ...contract }) => ({
    ...contract,
    tiers: tiers.map((tier) => ({ requirements: requirementsOf(tier), ratePpm: BigInt(tier.ratePpm) })),
  }));
}

export async function realTimeContractsOf(
  tx: Executor,
  window: Pick<Period, 'start' | 'end'>,
): Promise<RealTimeContract[]> {
  return (await contractsCounting(tx, 'REALTIME_SALARY', window)).map(({ tiers, ...contract }) => ({
    ...contract,
    tiers: tiers.map((tier) => ({
      requirements: requirementsOf(tier),
      rates: {
        singleBetPpm: BigInt(tier.ratePpm),
        lossPpm: BigInt(tier.lossRatePpm),
        profitPpm: BigInt(tier.profitRatePpm),
      },
    })),
  }));
}
