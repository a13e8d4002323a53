import { z } from 'zod';
import { PageInfoShape, pageShape } from './agent.ts';
import { ContractTypeSchema } from './agent-contracts.ts';
import { defineCall } from './call.ts';
import { envelopeOf } from './envelope.ts';
import { bigintId, text } from './input-guard.ts';
import { MinorUnitsSchema } from './wallet.ts';

/**
 * What a contract bill is (issue 16, ADR 038): AWAITING_APPROVAL (above the operators' approval
 * threshold: paid only once approved), ISSUED, PAID, PARTIALLY_PAID, INSUFFICIENT_BALANCE (an
 * upline payer short: retried), THRESHOLD_NOT_REACHED (no tier reached), REJECTED (an operator's).
 */
export const BILL_STATUSES = [
  'AWAITING_APPROVAL',
  'ISSUED',
  'PAID',
  'PARTIALLY_PAID',
  'INSUFFICIENT_BALANCE',
  'THRESHOLD_NOT_REACHED',
  'REJECTED',
] as const;
export const BillStatusSchema = z.enum(BILL_STATUSES, {
  error: `must be one of ${BILL_STATUSES.join(', ')}`,
});
export type BillStatus = z.infer<typeof BillStatusSchema>;

export const ContractBillOpsPaths = {
  bills: '/ops/contract-bills',
  approval: '/ops/contract-bills/:id/approval',
  rejection: '/ops/contract-bills/:id/rejection',
  approvalThreshold: '/ops/contract-bills/approval-threshold',
} as const;

/** A period key as settlement writes it: `2026-11-23T00:00+08:00/P1W` (ADR 038). */
const PERIOD_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}[+-]\d{2}:\d{2}\/P(T\d{1,2}[HM]|\d{1,2}[DWM])$/;

export const ContractBillQuerySchema = z.object({
  type: ContractTypeSchema.optional(),
  periodKey: text()
    .max(40, 'at most 40 characters')
    .regex(PERIOD_KEY, 'must be a period key such as 2026-11-23T00:00+08:00/P1W')
    .optional(),
  status: BillStatusSchema.optional(),
  /** The agent paid by the bill. */
  memberId: bigintId('must be a numeric member id').optional(),
  ...pageShape,
});
export type ContractBillQuery = z.input<typeof ContractBillQuerySchema>;

export const ContractBillSchema = z.object({
  id: bigintId(),
  contractId: bigintId(),
  type: ContractTypeSchema,
  periodKey: text(),
  periodStart: text(),
  periodEnd: text(),
  payeeMemberId: bigintId(),
  /** Null: the platform pays. */
  payerMemberId: bigintId().nullable(),
  baseMinor: MinorUnitsSchema,
  tierLevel: z.number().int().nullable(),
  ratePpm: text(),
  amountMinor: MinorUnitsSchema,
  paidMinor: MinorUnitsSchema,
  status: BillStatusSchema,
  note: text().nullable(),
});
export type ContractBill = z.infer<typeof ContractBillSchema>;

export const ContractBillListSchema = z.object({ items: z.array(ContractBillSchema), ...PageInfoShape });

export const ContractBillParamsSchema = z.object({ id: bigintId('must be a numeric bill id') });

export const ContractBillRejectionSchema = z.object({
  /** Why: shown with the bill, kept in the audit. */
  note: text().trim().min(1, 'must say why the bill is rejected').max(500, 'at most 500 characters'),
});

/** Where the approval threshold in force comes from (ADR 048). */
export const APPROVAL_THRESHOLD_SOURCES = ['OPERATOR', 'CONFIGURATION'] as const;

/**
 * The approval threshold (ADR 048): a bill of more than `aboveMinor` waits for an operator's
 * approval; null: every bill is paid by its run. Set by an operator, or else the server's
 * configuration (CONTRACT_BILL_APPROVAL_ABOVE_MINOR).
 */
export const ApprovalThresholdSchema = z.object({
  aboveMinor: MinorUnitsSchema.nullable(),
  source: z.enum(APPROVAL_THRESHOLD_SOURCES),
  /** The operator who set it, and when; null while the configuration's is in force. */
  updatedBy: text().nullable(),
  updatedAt: text().nullable(),
});
export type ApprovalThreshold = z.infer<typeof ApprovalThresholdSchema>;

/** At most 15 digits, as the configuration's: far above any bill, far within the column. */
export const ApprovalThresholdChangeSchema = z.object({
  aboveMinor: text({ error: 'must be a whole number of minor units as a decimal string, or null for none' })
    .regex(/^\d{1,15}$/, 'must be a whole number of minor units (at most 15 digits), or null for none')
    .nullable(),
});
export type ApprovalThresholdChange = z.input<typeof ApprovalThresholdChangeSchema>;

/**
 * Operators and contract bills: list, approve one held above the threshold, reject one with a note,
 * read and set the threshold, or reset it to the configuration's.
 */
export const ContractBillOpsCalls = {
  list: defineCall({
    method: 'GET',
    path: ContractBillOpsPaths.bills,
    query: ContractBillQuerySchema,
    response: envelopeOf(ContractBillListSchema),
  }),
  approve: defineCall({
    method: 'POST',
    path: ContractBillOpsPaths.approval,
    params: ContractBillParamsSchema,
    response: envelopeOf(ContractBillSchema),
  }),
  reject: defineCall({
    method: 'POST',
    path: ContractBillOpsPaths.rejection,
    params: ContractBillParamsSchema,
    body: ContractBillRejectionSchema,
    response: envelopeOf(ContractBillSchema),
  }),
  approvalThreshold: defineCall({
    method: 'GET',
    path: ContractBillOpsPaths.approvalThreshold,
    response: envelopeOf(ApprovalThresholdSchema),
  }),
  setApprovalThreshold: defineCall({
    method: 'PUT',
    path: ContractBillOpsPaths.approvalThreshold,
    body: ApprovalThresholdChangeSchema,
    response: envelopeOf(ApprovalThresholdSchema),
  }),
  /** Back to the configuration's threshold (ADR 057 adds what ADR 048 left out); answers it. */
  resetApprovalThreshold: defineCall({
    method: 'DELETE',
    path: ContractBillOpsPaths.approvalThreshold,
    response: envelopeOf(ApprovalThresholdSchema),
  }),
};
