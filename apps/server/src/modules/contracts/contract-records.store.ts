import type { RecordSide } from '@fortuna/contracts/contract-records';
import { and, desc, eq, gte, lte, or, type SQL, sql, sum } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../platform/db/database.ts';
import { members } from '../identity/identity.schema.ts';
import { agentContracts } from './contracts.schema.ts';
import { contractBills } from './settlement/settlement.schema.ts';

const payee = alias(members, 'payee');
const payer = alias(members, 'payer');

export interface RecordFilter {
  agentId: bigint;
  type: string;
  from: Date;
  to: Date;
  side?: RecordSide;
}

const sideOf = (agentId: bigint) =>
  sql<RecordSide>`case when ${contractBills.payeeMemberId} = ${String(agentId)}::bigint then 'PAYEE' else 'PAYER' end`;

function whereOf(filter: RecordFilter): SQL | undefined {
  const asPayee = eq(contractBills.payeeMemberId, filter.agentId);
  const asPayer = eq(contractBills.payerMemberId, filter.agentId);
  return and(
    eq(contractBills.contractType, filter.type),
    filter.side === 'PAYEE' ? asPayee : filter.side === 'PAYER' ? asPayer : or(asPayee, asPayer),
    gte(contractBills.periodStart, filter.from),
    lte(contractBills.periodStart, filter.to),
  );
}

/** Record rows: the bill, the caller's side, the contract's period and both parties' usernames. */
const recordsOf = (db: Executor, agentId: bigint) =>
  db
    .select({
      bill: contractBills,
      side: sideOf(agentId),
      contractPeriod: agentContracts.period,
      payeeUsername: payee.username,
      payerUsername: payer.username,
    })
    .from(contractBills)
    .innerJoin(agentContracts, eq(agentContracts.id, contractBills.contractId))
    .innerJoin(payee, eq(payee.id, contractBills.payeeMemberId))
    .leftJoin(payer, eq(payer.id, contractBills.payerMemberId));

export type RecordRow = Awaited<ReturnType<typeof findRecordPage>>['rows'][number];

/**
 * One page of an agent's contract records of one type, newest period first, with the totals of
 * each side over the whole filter: a read model over identity's members (ADR 026), so a page names
 * both parties in one query.
 */
export async function findRecordPage(
  db: Executor,
  filter: RecordFilter,
  page: { limit: number; offset: number },
) {
  const where = whereOf(filter);
  const rows = await recordsOf(db, filter.agentId)
    .where(where)
    .orderBy(desc(contractBills.periodStart), desc(contractBills.id))
    .limit(page.limit)
    .offset(page.offset);
  // Each side's totals in one row (a group by the side would repeat the caller's id as a parameter).
  const asPayee = sql`${contractBills.payeeMemberId} = ${String(filter.agentId)}::bigint`;
  const side = (payee: boolean) => (payee ? asPayee : sql`not ${asPayee}`);
  const total = (column: AnyPgColumn, payee: boolean) =>
    sql<string>`coalesce(sum(${column}) filter (where ${side(payee)}), 0)::text`;
  // A rejected bill is owed by nobody (ADR 038), whatever its amount.
  const owed = (payee: boolean) =>
    sql<string>`coalesce(sum(${contractBills.amountMinor} - ${contractBills.paidMinor}) filter (where ${side(payee)} and ${contractBills.status} <> 'REJECTED'), 0)::text`;
  const [totals] = await db
    .select({
      payeeCount: sql<number>`(count(*) filter (where ${asPayee}))::int`,
      payeeAmountMinor: total(contractBills.amountMinor, true),
      payeePaidMinor: total(contractBills.paidMinor, true),
      payeeOwedMinor: owed(true),
      payerCount: sql<number>`(count(*) filter (where not ${asPayee}))::int`,
      payerAmountMinor: total(contractBills.amountMinor, false),
      payerPaidMinor: total(contractBills.paidMinor, false),
      payerOwedMinor: owed(false),
    })
    .from(contractBills)
    .where(where);
  return {
    rows,
    totals: {
      asPayee: {
        count: Number(totals?.payeeCount ?? 0),
        amountMinor: totals?.payeeAmountMinor ?? '0',
        paidMinor: totals?.payeePaidMinor ?? '0',
        owedMinor: totals?.payeeOwedMinor ?? '0',
      },
      asPayer: {
        count: Number(totals?.payerCount ?? 0),
        amountMinor: totals?.payerAmountMinor ?? '0',
        paidMinor: totals?.payerPaidMinor ?? '0',
        owedMinor: totals?.payerOwedMinor ?? '0',
      },
    },
  };
}

/** One record the agent is a party of (paid or paying); undefined for anyone else's. */
export async function findRecord(
  db: Executor,
  agentId: bigint,
  billId: bigint,
): Promise<RecordRow | undefined> {
  const [row] = await recordsOf(db, agentId).where(
    and(
      eq(contractBills.id, billId),
      or(eq(contractBills.payeeMemberId, agentId), eq(contractBills.payerMemberId, agentId)),
    ),
  );
  return row;
}

/** What `payeeId` owes, for the type and period, on the contracts it gave below. */
export async function passedOnMinor(
  db: Executor,
  bill: { payeeMemberId: bigint; contractType: string; periodKey: string },
): Promise<bigint> {
  const [row] = await db
    .select({ total: sum(contractBills.amountMinor) })
    .from(contractBills)
    .where(
      and(
        eq(contractBills.payerMemberId, bill.payeeMemberId),
        eq(contractBills.contractType, bill.contractType),
        eq(contractBills.periodKey, bill.periodKey),
      ),
    );
  return BigInt(row?.total ?? 0);
}
