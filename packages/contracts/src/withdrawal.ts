import { z } from 'zod';
import { defineCall } from './call.ts';
import { PaymentPasswordSchema } from './credentials.ts';
import { envelopeOf } from './envelope.ts';
import { IMAGE_UPLOAD_FIELD, IMAGE_UPLOAD_RULE } from './image-uploads.ts';
import { bigintId, text } from './input-guard.ts';
import { plainText } from './plain-text.ts';
import { AmountMinorSchema, MinorUnitsSchema } from './wallet.ts';

/**
 * Withdrawals (spec 2.6 withdraw, 4.10): payee accounts in the member's own name, requests that
 * hold the amount at once, operator review and payout, and the member's confirmation of receipt.
 */
export const WithdrawalPaths = {
  payees: '/wps/wallet/payees',
  payee: '/wps/wallet/payees/:id',
  withdrawals: '/wps/wallet/withdrawals',
  withdrawal: '/wps/wallet/withdrawals/:orderNo',
  /**
   * JSON (ConfirmWithdrawalSchema) or, with proof images, multipart/form-data: the same fields as
   * text parts and up to 3 files in the part named `images`.
   */
  confirm: '/wps/wallet/withdrawals/:orderNo/confirm',
  opsList: '/ops/withdrawals',
  opsApprove: '/ops/withdrawals/:orderNo/approve',
  opsReject: '/ops/withdrawals/:orderNo/reject',
  opsPaid: '/ops/withdrawals/:orderNo/paid',
  /** The bytes of one proof image of a NOT_RECEIVED / PARTIALLY_RECEIVED confirmation. */
  opsProof: '/ops/withdrawals/:orderNo/proofs/:proofId',
  /** A disputed payout that arrived after all: closed, nothing moves. */
  opsDisputePaid: '/ops/withdrawals/:orderNo/dispute/paid-after-all',
  /** A disputed payout that did not (all) arrive: what did not arrive goes back to the member, once. */
  opsDisputeReturn: '/ops/withdrawals/:orderNo/dispute/return',
} as const;

// ---- payee accounts ----------------------------------------------------------------------

export const PAYEE_KINDS = ['BANK', 'EWALLET'] as const;
export const PayeeKindSchema = z.enum(PAYEE_KINDS);
export type PayeeKind = z.infer<typeof PayeeKindSchema>;

/** A member keeps at most this many payee accounts at once. */
export const MAX_PAYEE_ACCOUNTS = 5;

/** Account number lengths (digits only) by kind: bank accounts 8–20, e-wallets (a mobile number) 10–13. */
export const ACCOUNT_NUMBER_RULE = {
  BANK: { min: 8, max: 20 },
  EWALLET: { min: 10, max: 13 },
} as const satisfies Record<PayeeKind, { min: number; max: number }>;

export const PayeeMessages = {
  accountName: 'must be 2 to 60 letters and spaces',
  accountNameMismatch: "must be the member's own name, as on the first payee account",
  accountNumber: (kind: PayeeKind) =>
    `must be ${ACCOUNT_NUMBER_RULE[kind].min} to ${ACCOUNT_NUMBER_RULE[kind].max} digits`,
  tooMany: `at most ${MAX_PAYEE_ACCOUNTS} payee accounts`,
} as const;

/** Letters (any alphabet) and single spaces; the server compares names ignoring case. */
export const AccountNameSchema = text()
  .transform((value) => value.trim().replace(/\s+/g, ' '))
  .pipe(text().regex(/^[\p{L} ]{2,60}$/u, PayeeMessages.accountName));

export const CreatePayeeSchema = z
  .object({
    kind: PayeeKindSchema,
    /** The bank or e-wallet, e.g. BDO, GCASH. */
    institution: text()
      .trim()
      .regex(/^[A-Za-z0-9 &.'-]{2,40}$/, "must be 2 to 40 letters, digits, spaces or & . ' -"),
    accountName: AccountNameSchema,
    accountNumber: text().trim(),
  })
  .superRefine((value, context) => {
    const rule = ACCOUNT_NUMBER_RULE[value.kind];
    if (!new RegExp(`^\\d{${rule.min},${rule.max}}$`).test(value.accountNumber)) {
      context.addIssue({
        code: 'custom',
        path: ['accountNumber'],
        message: PayeeMessages.accountNumber(value.kind),
      });
    }
  });
export type CreatePayee = z.input<typeof CreatePayeeSchema>;

export const PayeeSchema = z.object({
  id: bigintId(),
  kind: PayeeKindSchema,
  institution: text(),
  accountName: text(),
  /** Only the last 4 digits are shown: '••••1234'. */
  accountNumberMasked: text(),
  createdAt: text(),
});
export type Payee = z.infer<typeof PayeeSchema>;
export const PayeeResponseSchema = envelopeOf(PayeeSchema);
export const PayeeListResponseSchema = envelopeOf(
  z.object({
    payees: z.array(PayeeSchema),
    /** The name every payee account must carry; null until the first one is added. */
    payeeName: text().nullable(),
  }),
);
export const PayeeParamsSchema = z.object({ id: bigintId('not a payee account id') });
export const PayeeRemovedResponseSchema = envelopeOf(z.object({ removed: z.literal(true) }));

// ---- withdrawal requests -----------------------------------------------------------------

export const WITHDRAWAL_STATUSES = [
  'PENDING',
  'APPROVED',
  'REJECTED',
  'PAID',
  'RECEIVED',
  'NOT_RECEIVED',
  'PARTIALLY_RECEIVED',
  'AUTO_RECEIVED',
  /** A dispute closed by an operator: the money did arrive after all. */
  'RESOLVED_PAID',
  /** A dispute closed by an operator: what did not arrive was returned to the main wallet. */
  'RESOLVED_RETURNED',
] as const;
export const WithdrawalStatusSchema = z.enum(WITHDRAWAL_STATUSES);
export type WithdrawalStatus = z.infer<typeof WithdrawalStatusSchema>;

/** Statuses an operator still has to follow up: the member says the money did not (all) arrive. */
export const DISPUTED_WITHDRAWAL_STATUSES = ['NOT_RECEIVED', 'PARTIALLY_RECEIVED'] as const;

export const CreateWithdrawalSchema = z.object({
  payeeAccountId: bigintId('must be the id of one of your payee accounts'),
  amountMinor: AmountMinorSchema,
  paymentPassword: PaymentPasswordSchema,
  /** The client's id of this attempt: a retried request answers the same withdrawal. */
  requestId: text().regex(
    /^[A-Za-z0-9_-]{8,64}$/,
    'must be 8 to 64 letters, digits, "-" or "_" (a UUID works)',
  ),
});
export type CreateWithdrawal = z.input<typeof CreateWithdrawalSchema>;

export const WithdrawalSchema = z.object({
  orderNo: text(),
  amountMinor: MinorUnitsSchema,
  status: WithdrawalStatusSchema,
  payee: PayeeSchema,
  /** What the member says arrived, for PARTIALLY_RECEIVED. */
  receivedMinor: MinorUnitsSchema.nullable(),
  memberNote: text().nullable(),
  /** The operator's note on approval, rejection or payout. */
  decisionNote: text().nullable(),
  /** After payout: the member confirms before this, or it counts as received (AUTO_RECEIVED). */
  confirmBy: text().nullable(),
  /** True for AUTO_RECEIVED: a forced receipt cannot be reversed. */
  forcedReceipt: z.boolean(),
  /** Whether the member can confirm now (PAID and before confirmBy). */
  canConfirm: z.boolean(),
  createdAt: text(),
  decidedAt: text().nullable(),
  paidAt: text().nullable(),
  confirmedAt: text().nullable(),
  /** The operator's resolution of a dispute: why, when, and what was returned (RESOLVED_RETURNED). */
  resolutionNote: text().nullable(),
  resolvedAt: text().nullable(),
  returnedMinor: MinorUnitsSchema.nullable(),
});
export type Withdrawal = z.infer<typeof WithdrawalSchema>;
export const WithdrawalResponseSchema = envelopeOf(WithdrawalSchema);

export const WithdrawalParamsSchema = z.object({
  orderNo: text().regex(/^W\d{8}-[A-Z0-9]{6,12}$/, 'not a withdrawal number'),
});

export const WithdrawalHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  status: WithdrawalStatusSchema.optional(),
});
export type WithdrawalHistoryQuery = z.input<typeof WithdrawalHistoryQuerySchema>;
export const WithdrawalHistorySchema = z.object({
  withdrawals: z.array(WithdrawalSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type WithdrawalHistory = z.infer<typeof WithdrawalHistorySchema>;
export const WithdrawalHistoryResponseSchema = envelopeOf(WithdrawalHistorySchema);

// ---- the member's confirmation (spec 4.10) -------------------------------------------------

export const CONFIRMATION_OUTCOMES = ['RECEIVED', 'NOT_RECEIVED', 'PARTIALLY_RECEIVED'] as const;
export const ConfirmationOutcomeSchema = z.enum(CONFIRMATION_OUTCOMES);

/** Proof images follow the one image upload rule; only for NOT_RECEIVED and PARTIALLY_RECEIVED. */
export const PROOF_IMAGE_RULE = IMAGE_UPLOAD_RULE;
/** The multipart part that carries the proof image files. */
export const PROOF_IMAGE_FIELD = IMAGE_UPLOAD_FIELD;

/** The confirmation's fields: a JSON body, or the text parts of a multipart one. */
export const ConfirmWithdrawalSchema = z
  .object({
    outcome: ConfirmationOutcomeSchema,
    /** Only for PARTIALLY_RECEIVED: more than 0, less than the amount. */
    receivedMinor: AmountMinorSchema.optional(),
    note: plainText().trim().max(500).optional(),
  })
  .superRefine((value, context) => {
    if (value.outcome === 'PARTIALLY_RECEIVED' && value.receivedMinor === undefined) {
      context.addIssue({ code: 'custom', path: ['receivedMinor'], message: 'say how much arrived' });
    }
    if (value.outcome !== 'PARTIALLY_RECEIVED' && value.receivedMinor !== undefined) {
      context.addIssue({ code: 'custom', path: ['receivedMinor'], message: 'only for PARTIALLY_RECEIVED' });
    }
  });
export type ConfirmWithdrawal = z.input<typeof ConfirmWithdrawalSchema>;

// ---- operators ---------------------------------------------------------------------------

export const OpsWithdrawalListQuerySchema = WithdrawalHistoryQuerySchema;
export const OpsWithdrawalSchema = WithdrawalSchema.extend({
  memberId: bigintId(),
  username: text(),
  /** Full account number: the operator pays to it. */
  accountNumber: text(),
  proofIds: z.array(z.uuid()),
});
export type OpsWithdrawal = z.infer<typeof OpsWithdrawalSchema>;
export const OpsWithdrawalResponseSchema = envelopeOf(OpsWithdrawalSchema);
export const OpsWithdrawalListResponseSchema = envelopeOf(
  z.object({
    withdrawals: z.array(OpsWithdrawalSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  }),
);

/** Approval may carry a note; rejection and payout must (the reason, the payment reference). */
export const WithdrawalApproveSchema = z.object({ note: plainText().trim().max(500).optional() });
export const WithdrawalDecisionSchema = z.object({ note: plainText().trim().min(1).max(500) });
export const OpsProofParamsSchema = WithdrawalParamsSchema.extend({ proofId: z.uuid() });

export const WithdrawalCalls = {
  payees: defineCall({ method: 'GET', path: WithdrawalPaths.payees, response: PayeeListResponseSchema }),
  addPayee: defineCall({
    method: 'POST',
    path: WithdrawalPaths.payees,
    body: CreatePayeeSchema,
    response: PayeeResponseSchema,
    status: 201,
  }),
  removePayee: defineCall({
    method: 'DELETE',
    path: WithdrawalPaths.payee,
    params: PayeeParamsSchema,
    response: PayeeRemovedResponseSchema,
  }),
  request: defineCall({
    method: 'POST',
    path: WithdrawalPaths.withdrawals,
    body: CreateWithdrawalSchema,
    response: WithdrawalResponseSchema,
  }),
  history: defineCall({
    method: 'GET',
    path: WithdrawalPaths.withdrawals,
    query: WithdrawalHistoryQuerySchema,
    response: WithdrawalHistoryResponseSchema,
  }),
  withdrawal: defineCall({
    method: 'GET',
    path: WithdrawalPaths.withdrawal,
    params: WithdrawalParamsSchema,
    response: WithdrawalResponseSchema,
  }),
  /** The lobby sends it as multipart (the proof images); JSON with the same fields is accepted too. */
  confirm: defineCall({
    method: 'POST',
    path: WithdrawalPaths.confirm,
    params: WithdrawalParamsSchema,
    body: ConfirmWithdrawalSchema,
    encoding: 'multipart',
    response: WithdrawalResponseSchema,
  }),
};
