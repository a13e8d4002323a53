import { z } from 'zod';
import {
  AGENT_REPORT_MAX_DAYS,
  agentPeriodShape,
  CoveredPeriodSchema,
  checkAgentPeriod,
  PageInfoShape,
  pageShape,
} from './agent.ts';
import { ContractPeriodSchema, ContractTierSchema, ContractTypeSchema } from './agent-contracts.ts';
import { bigintId, text } from './input-guard.ts';
import { MinorUnitsSchema } from './wallet.ts';

/**
 * An agent's contract records (spec 2.7 agentDividendRecordCopy2, agentDailyWages2,
 * agentHourSalary, agentRealtimeSalary; issue 16, ADR 038): one row per settled period of a
 * contract — the agent's own (it is paid) and those it gave its direct downlines (it pays).
 */
/** PAYEE: the caller is paid by the record's contract; PAYER: the caller pays it (a downline's). */
export const RECORD_SIDES = ['PAYEE', 'PAYER'] as const;
export const RecordSideSchema = z.enum(RECORD_SIDES, { error: `must be one of ${RECORD_SIDES.join(', ')}` });
export type RecordSide = z.infer<typeof RecordSideSchema>;

export const ContractRecordQuerySchema = z
  .object({
    type: ContractTypeSchema,
    /** Periods that start within [from, to] (bare dates on the site's clock). */
    ...agentPeriodShape,
    side: RecordSideSchema.optional(),
    ...pageShape,
  })
  .superRefine(checkAgentPeriod(AGENT_REPORT_MAX_DAYS));
export type ContractRecordQuery = z.input<typeof ContractRecordQuerySchema>;

export const ContractRecordSchema = z.object({
  id: bigintId(),
  contractId: bigintId(),
  type: ContractTypeSchema,
  contractPeriod: ContractPeriodSchema,
  side: RecordSideSchema,
  periodStart: text(),
  periodEnd: text(),
  payeeUsername: text(),
  /** Null: the platform pays (a top-level agent's contract). */
  payerUsername: text().nullable(),
  /** What the rate applied to: team valid bets (salaries), net loss plus carry (dividend). */
  baseMinor: MinorUnitsSchema,
  /** 1-based; null when no tier was reached. */
  tierLevel: z.number().int().nullable(),
  ratePercent: text(),
  amountMinor: MinorUnitsSchema,
  paidMinor: MinorUnitsSchema,
  /**
   * ISSUED, PAID, PARTIALLY_PAID, INSUFFICIENT_BALANCE, THRESHOLD_NOT_REACHED, REJECTED… as
   * settlement keeps it (contract_bills.status): operators' states join without a new client.
   */
  status: text(),
});
export type ContractRecord = z.infer<typeof ContractRecordSchema>;

const SideTotalsSchema = z.object({
  count: z.number().int(),
  amountMinor: MinorUnitsSchema,
  paidMinor: MinorUnitsSchema,
  /** Still to be paid: amount less paid of the bills an operator has not rejected. */
  owedMinor: MinorUnitsSchema,
});
export const ContractRecordListSchema = z.object({
  period: CoveredPeriodSchema,
  items: z.array(ContractRecordSchema),
  ...PageInfoShape,
  /** Over every page of the filter: what the caller is owed and was paid, and what it owes and paid. */
  totals: z.object({ asPayee: SideTotalsSchema, asPayer: SideTotalsSchema }),
});
export type ContractRecordList = z.infer<typeof ContractRecordListSchema>;

export const ContractRecordPaymentSchema = z.object({
  number: z.number().int(),
  amountMinor: MinorUnitsSchema,
  at: text(),
});

/** Everything an agent needs to check a record by hand (ADR 038's formulas). */
export const ContractRecordDetailSchema = ContractRecordSchema.extend({
  periodKey: text(),
  validBetMinor: MinorUnitsSchema,
  netLossMinor: MinorUnitsSchema,
  activeMembers: z.number().int(),
  /** Real-time salary only: the rates on the window's net loss and net profit. */
  lossRatePercent: text().nullable(),
  profitRatePercent: text().nullable(),
  /** Dividend: the loss carried in from the previous period, and out to the next (≤ 0). */
  carriedInMinor: MinorUnitsSchema,
  carriedOutMinor: MinorUnitsSchema,
  /** The contract's tier table; `tierLevel` names the one reached. */
  tiers: z.array(ContractTierSchema),
  /** What the payee owes, for the same type and period, on the contracts it gave its own downlines. */
  passedOnMinor: MinorUnitsSchema,
  /** The payee's share: amount − passed on (may be negative for a dividend). */
  keptMinor: MinorUnitsSchema,
  note: text().nullable(),
  payments: z.array(ContractRecordPaymentSchema),
});
export type ContractRecordDetail = z.infer<typeof ContractRecordDetailSchema>;

export const ContractRecordParamsSchema = z.object({ id: bigintId('must be a numeric record id') });
