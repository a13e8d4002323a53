import { z } from 'zod';
import { defineCall } from './call.ts';
import { envelopeOf } from './envelope.ts';
import { bigintId, text } from './input-guard.ts';
import { plainText } from './plain-text.ts';
import { MinorUnitsSchema } from './wallet.ts';

/** Deposit calls (spec 2.6 depositv2): channels, orders, the gateway's callback and operator review. */
export const DepositPaths = {
  channels: '/wps/wallet/deposit/channels',
  orders: '/wps/wallet/deposit/orders',
  order: '/wps/wallet/deposit/orders/:orderNo',
  /** Called by the payment gateway, server to server, signed; never by a browser. */
  callback: '/wps/wallet/deposit/callback',
  opsList: '/ops/deposits',
  opsApprove: '/ops/deposits/:orderNo/approve',
  opsReject: '/ops/deposits/:orderNo/reject',
} as const;

/** The member-centre page the gateway sends the payer back to (with `&order=<orderNo>`). */
export const DEPOSIT_RETURN_PAGE = '/member?page=depositv2';

/** Beyond this no single deposit is plausible; it also keeps sums far from bigint limits. */
export const MAX_AMOUNT_MINOR = 10n ** 13n;

/** A positive whole number of minor units, at most 10^13, as a decimal string. */
export const DepositAmountSchema = text()
  .regex(/^\d{1,14}$/, 'must be a whole number of minor units, as a decimal string')
  // Checks run on after a failed pattern: only whole numbers reach BigInt.
  .refine((value) => !/^\d+$/.test(value) || BigInt(value) > 0n, 'must be more than zero')
  .refine(
    (value) => !/^\d+$/.test(value) || BigInt(value) <= MAX_AMOUNT_MINOR,
    `must be at most ${MAX_AMOUNT_MINOR} minor units`,
  );

export const DEPOSIT_CHANNEL_KINDS = ['GATEWAY', 'BANK_TRANSFER'] as const;
export type DepositChannelKind = (typeof DEPOSIT_CHANNEL_KINDS)[number];

export const DEPOSIT_ORDER_STATUSES = [
  'PENDING',
  'PAID',
  'APPROVED',
  'REJECTED',
  'EXPIRED',
  'FAILED',
] as const;
export type DepositOrderStatus = (typeof DEPOSIT_ORDER_STATUSES)[number];

export const DepositChannelSchema = z.object({
  code: text(),
  name: text(),
  kind: z.enum(DEPOSIT_CHANNEL_KINDS),
  minMinor: MinorUnitsSchema,
  maxMinor: MinorUnitsSchema,
  feeBasisPoints: z.number().int(),
  feeFixedMinor: MinorUnitsSchema,
  /** Bank details for a manual transfer ({bank, accountName, accountNumber}); empty for a gateway. */
  instructions: z.record(text(), text()),
  /** False when the channel is configured but cannot be used now (e.g. no gateway configured). */
  available: z.boolean(),
  unavailableReason: text().nullable(),
});
export type DepositChannel = z.infer<typeof DepositChannelSchema>;
export const DepositChannelsResponseSchema = envelopeOf(
  z.object({ channels: z.array(DepositChannelSchema) }),
);

export const CreateDepositOrderSchema = z.object({
  channelCode: text().min(1).max(40),
  amountMinor: DepositAmountSchema,
  /** The client's id of this attempt: a retried request answers the same order. */
  requestId: text().regex(
    /^[A-Za-z0-9_-]{8,64}$/,
    'must be 8 to 64 letters, digits, "-" or "_" (a UUID works)',
  ),
  /** The member's bank reference for a manual transfer. */
  payerReference: text().trim().min(1).max(100).optional(),
});
export type CreateDepositOrder = z.infer<typeof CreateDepositOrderSchema>;

export const DepositOrderSchema = z.object({
  orderNo: text(),
  channelCode: text(),
  channelKind: z.enum(DEPOSIT_CHANNEL_KINDS),
  amountMinor: MinorUnitsSchema,
  feeMinor: MinorUnitsSchema,
  status: z.enum(DEPOSIT_ORDER_STATUSES),
  /** The hosted pay page for a GATEWAY order while it is pending; null otherwise. */
  payUrl: text().nullable(),
  payerReference: text().nullable(),
  reviewNote: text().nullable(),
  createdAt: text(),
  settledAt: text().nullable(),
  /** When the order expired unpaid; a PAID order that has it was paid after it expired. */
  expiredAt: text().nullable(),
});
export type DepositOrder = z.infer<typeof DepositOrderSchema>;
export const DepositOrderResponseSchema = envelopeOf(DepositOrderSchema);

export const DepositOrderParamsSchema = z.object({
  orderNo: text().regex(/^D\d{8}-[A-Z0-9]{6,12}$/, 'not an order number'),
});

export const DepositHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(DEPOSIT_ORDER_STATUSES).optional(),
});
export type DepositHistoryQuery = z.infer<typeof DepositHistoryQuerySchema>;
export const DepositHistorySchema = z.object({
  orders: z.array(DepositOrderSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type DepositHistory = z.infer<typeof DepositHistorySchema>;
export const DepositHistoryResponseSchema = envelopeOf(DepositHistorySchema);

/** Operator review of a manual transfer. */
export const DepositReviewSchema = z.object({ note: plainText().trim().min(1).max(500) });
export const OpsDepositListQuerySchema = DepositHistoryQuerySchema;
export const OpsDepositSchema = DepositOrderSchema.extend({ memberId: bigintId(), username: text() });
export const OpsDepositListResponseSchema = envelopeOf(
  z.object({ orders: z.array(OpsDepositSchema), page: z.number(), pageSize: z.number(), total: z.number() }),
);

export const DepositCalls = {
  channels: defineCall({
    method: 'GET',
    path: DepositPaths.channels,
    response: DepositChannelsResponseSchema,
  }),
  createOrder: defineCall({
    method: 'POST',
    path: DepositPaths.orders,
    body: CreateDepositOrderSchema,
    response: DepositOrderResponseSchema,
  }),
  history: defineCall({
    method: 'GET',
    path: DepositPaths.orders,
    query: DepositHistoryQuerySchema,
    response: DepositHistoryResponseSchema,
  }),
  order: defineCall({
    method: 'GET',
    path: DepositPaths.order,
    params: DepositOrderParamsSchema,
    response: DepositOrderResponseSchema,
  }),
};
