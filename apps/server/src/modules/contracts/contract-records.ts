import { agentPeriodOf } from '@fortuna/contracts/agent';
import type {
  ContractRecord,
  ContractRecordDetail,
  ContractRecordList,
  ContractRecordQuerySchema,
} from '@fortuna/contracts/contract-records';
import type { z } from 'zod';
import type { Executor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { parseGmtOffset } from '../../platform/jobs/periods.ts';
import { findRecord, findRecordPage, passedOnMinor, type RecordRow } from './contract-records.store.ts';
import * as store from './contracts.store.ts';
import { paymentsOf } from './settlement/bills.store.ts';
import { percentOfRate } from './settlement/rates.ts';
import { tierOut } from './tiers.ts';

type RecordQuery = z.output<typeof ContractRecordQuerySchema>;

function recordOf(row: RecordRow): ContractRecord {
  const { bill } = row;
  return {
    id: bill.id.toString(),
    contractId: bill.contractId.toString(),
    type: bill.contractType as ContractRecord['type'],
    contractPeriod: row.contractPeriod as ContractRecord['contractPeriod'],
    side: row.side,
    periodStart: bill.periodStart.toISOString(),
    periodEnd: bill.periodEnd.toISOString(),
    payeeUsername: row.payeeUsername,
    payerUsername: row.payerUsername,
    baseMinor: bill.baseMinor.toString(),
    tierLevel: bill.tierLevel,
    ratePercent: percentOfRate(bill.ratePpm),
    amountMinor: bill.amountMinor.toString(),
    paidMinor: bill.paidMinor.toString(),
    status: bill.status,
  };
}

/**
 * An agent's records of one contract type (spec 2.7's four record pages): the periods settled on
 * its own contract and on those it gave, whose period starts within the asked days.
 */
export async function listRecords(
  db: Executor,
  agentId: bigint,
  query: RecordQuery,
  gmtOffset: string,
): Promise<ContractRecordList> {
  const period = agentPeriodOf(query, parseGmtOffset(gmtOffset));
  const { rows, totals } = await findRecordPage(
    db,
    { agentId, type: query.type, ...period, side: query.side },
    { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
  );
  const { asPayee, asPayer } = totals;
  return {
    period: { from: period.from.toISOString(), to: period.to.toISOString() },
    items: rows.map(recordOf),
    page: query.page,
    pageSize: query.pageSize,
    total: asPayee.count + asPayer.count,
    totals: { asPayee, asPayer },
  };
}

/** One record with its whole calculation, for its payee or payer only; anyone else: not found. */
export async function recordDetail(
  db: Executor,
  agentId: bigint,
  billId: bigint,
): Promise<ContractRecordDetail> {
  const row = await findRecord(db, agentId, billId);
  if (!row)
    throw new AppError('NOT_FOUND', {
      issues: [{ field: 'params.id', message: 'no contract record of yours has this id' }],
    });
  const { bill } = row;
  const [tiers, passedOn, payments] = await Promise.all([
    store.findTiers(db, [bill.contractId]),
    passedOnMinor(db, bill),
    paymentsOf(db, bill.id),
  ]);
  const optionalRate = (ppm: bigint | null) => (ppm === null ? null : percentOfRate(ppm));
  return {
    ...recordOf(row),
    periodKey: bill.periodKey,
    validBetMinor: bill.validBetMinor.toString(),
    netLossMinor: bill.netLossMinor.toString(),
    activeMembers: bill.activeMembers,
    lossRatePercent: optionalRate(bill.lossRatePpm),
    profitRatePercent: optionalRate(bill.profitRatePpm),
    carriedInMinor: bill.carriedInMinor.toString(),
    carriedOutMinor: bill.carriedOutMinor.toString(),
    tiers: (tiers.get(bill.contractId) ?? []).map(tierOut),
    passedOnMinor: passedOn.toString(),
    keptMinor: (bill.amountMinor - passedOn).toString(),
    note: bill.note,
    payments: payments.map((payment) => ({
      number: payment.paymentNumber,
      amountMinor: payment.amountMinor.toString(),
      at: payment.createdAt.toISOString(),
    })),
  };
}
