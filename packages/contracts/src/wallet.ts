import { z } from 'zod';
import { defineCall } from './call.ts';
import { PaymentPasswordSchema } from './credentials.ts';
import { envelopeOf } from './envelope.ts';
import { bigintId, text } from './input-guard.ts';

/** Wallet calls of spec 7.2 (the rest of the wallet issue defines more here). */
export const WalletPaths = {
  balance: '/wps/v2/wallets/balance',
} as const;

/**
 * Money travels as a decimal string of integer minor units ("123456" is 1,234.56 with 2
 * decimals): JSON numbers cannot hold every bigint, and floating point never touches money.
 */
export const MinorUnitsSchema = text()
  .regex(/^-?\d{1,19}$/, 'must be a whole number of minor units, as a decimal string')
  .describe('integer minor units as a decimal string, e.g. "123456" for 1,234.56');

export const BalanceSchema = z.object({
  balanceMinor: MinorUnitsSchema,
  currencyCode: text(),
  currencySymbol: text(),
  /** Minor units per major unit as a power of ten: 2 means cents. */
  decimals: z.number().int().min(0).max(4),
});
export type Balance = z.infer<typeof BalanceSchema>;
export const BalanceResponseSchema = envelopeOf(BalanceSchema);

/** The largest amount one call may move: 10^13 minor units (100 billion with 2 decimals). */
export const MAX_AMOUNT_MINOR = 10n ** 13n;

export const AmountMessages = {
  format: 'must be a positive whole number of minor units, as a decimal string',
  positive: 'must be greater than zero',
  tooLarge: `must be at most ${MAX_AMOUNT_MINOR} minor units`,
} as const;

/**
 * An amount a member asks to move: a decimal string of minor units, positive, whole, at most
 * MAX_AMOUNT_MINOR. "1.5", "-100", "0", 100 (a number) and "1e3" are all refused by name.
 */
export const AmountMinorSchema = text()
  // Aborts on a bad format: BigInt() of "1.5" would throw.
  .regex(/^\d{1,19}$/, { message: AmountMessages.format, abort: true })
  .refine((value) => BigInt(value) > 0n, AmountMessages.positive)
  .refine((value) => BigInt(value) <= MAX_AMOUNT_MINOR, AmountMessages.tooLarge)
  .describe('positive integer minor units as a decimal string, e.g. "10000" for 100.00');

/** Calls of the wallet beyond the balance (spec 2.6 transferFund, transferUpline, transactionHistory, securityCenter). */
export const WalletCallPaths = {
  /** Spec 3 merchant wallet: single wallet or transfer wallets. */
  merchantWallet: '/wps/relay/GCS_merchantWallet',
  /** Between the main wallet and a vendor's transfer wallet. */
  walletTransfer: '/wps/relay/GCS_walletTransfer',
  consolidatedFunds: '/wps/member/info/funds/consolidated',
  /** The vendors that keep a transfer wallet, with the caller's balance in each. */
  transferVendors: '/wps/wallet/vendors',
  /** To the caller's upline or, for agents, to a member of their own line. */
  memberTransfer: '/wps/wallet/transfer/member',
  /** GET answers whether it is set; POST sets or changes it (sealed body). */
  paymentPassword: '/wps/wallet/paymentPassword',
  /** The caller's account records (ledger entries on their own wallets). */
  records: '/wps/wallet/records',
} as const;

/** Operator calls of the wallet (ADMIN). */
export const WalletOpsPaths = {
  settings: '/ops/wallet/settings',
} as const;

/** The main wallet, or a vendor's transfer wallet by its code (e.g. JDB, CQ9). */
export const MAIN_WALLET = 'MAIN';
export const WalletCodeSchema = text()
  .regex(/^[A-Z0-9_]{2,20}$/, 'must be MAIN or a vendor code')
  .describe('MAIN or a vendor code such as JDB');

export const MerchantWalletSchema = z.object({
  /** True: every vendor plays from the main wallet and no transfer wallets exist (the default). */
  isSingle: z.boolean(),
});
export type MerchantWallet = z.infer<typeof MerchantWalletSchema>;
export const MerchantWalletResponseSchema = envelopeOf(MerchantWalletSchema);

export const VendorWalletSchema = z.object({
  code: text(),
  name: text(),
  balanceMinor: MinorUnitsSchema,
});
export type VendorWallet = z.infer<typeof VendorWalletSchema>;

/** Empty in single-wallet mode. */
export const TransferVendorsSchema = z.object({
  isSingle: z.boolean(),
  vendors: z.array(VendorWalletSchema),
});
export type TransferVendors = z.infer<typeof TransferVendorsSchema>;
export const TransferVendorsResponseSchema = envelopeOf(TransferVendorsSchema);

export const WalletTransferRequestSchema = z
  .object({
    from: WalletCodeSchema,
    to: WalletCodeSchema,
    amountMinor: AmountMinorSchema,
    /** Made by the client once per intended transfer: a retry with the same id moves nothing again. */
    requestId: z.uuid('must be a UUID'),
  })
  .refine((body) => (body.from === MAIN_WALLET) !== (body.to === MAIN_WALLET), {
    path: ['to'],
    message: 'one side must be MAIN and the other a vendor wallet',
  });
export type WalletTransferRequest = z.infer<typeof WalletTransferRequestSchema>;

export const WalletBalanceAfterSchema = z.object({ wallet: text(), balanceMinor: MinorUnitsSchema });
export const WalletTransferSchema = z.object({
  transactionId: bigintId(),
  amountMinor: MinorUnitsSchema,
  from: WalletBalanceAfterSchema,
  to: WalletBalanceAfterSchema,
  createdAt: text(),
});
export type WalletTransfer = z.infer<typeof WalletTransferSchema>;
export const WalletTransferResponseSchema = envelopeOf(WalletTransferSchema);

export const ConsolidatedFundsSchema = z.object({
  mainBalanceMinor: MinorUnitsSchema,
  /** Enabled transfer wallets, and any other wallet of the caller that still holds money. */
  wallets: z.array(VendorWalletSchema),
  totalMinor: MinorUnitsSchema,
  currencyCode: text(),
  currencySymbol: text(),
  decimals: z.number().int().min(0).max(4),
});
export type ConsolidatedFunds = z.infer<typeof ConsolidatedFundsSchema>;
export const ConsolidatedFundsResponseSchema = envelopeOf(ConsolidatedFundsSchema);

export const MemberTransferDirectionSchema = z.enum(['UPLINE', 'DOWNLINE']);
export const MemberTransferRequestSchema = z.object({
  direction: MemberTransferDirectionSchema,
  /** The other member's username. */
  account: text().trim().min(1).max(64),
  amountMinor: AmountMinorSchema,
  paymentPassword: PaymentPasswordSchema,
  requestId: z.uuid('must be a UUID'),
});
export type MemberTransferRequest = z.infer<typeof MemberTransferRequestSchema>;
export const MemberTransferSchema = z.object({
  transactionId: bigintId(),
  direction: MemberTransferDirectionSchema,
  account: text(),
  amountMinor: MinorUnitsSchema,
  /** The caller's main wallet right after the transfer. */
  balanceMinor: MinorUnitsSchema,
  createdAt: text(),
});
export type MemberTransfer = z.infer<typeof MemberTransferSchema>;
export const MemberTransferResponseSchema = envelopeOf(MemberTransferSchema);

export const PaymentPasswordStateSchema = z.object({ isSet: z.boolean() });
export const PaymentPasswordStateResponseSchema = envelopeOf(PaymentPasswordStateSchema);
/** The first time with the login password; to change it, with the old payment password. */
export const SetPaymentPasswordRequestSchema = z.object({
  paymentPassword: PaymentPasswordSchema,
  confirmPaymentPassword: text().max(64),
  loginPassword: text().min(1).max(128).optional(),
  oldPaymentPassword: text().min(1).max(64).optional(),
});
export type SetPaymentPasswordRequest = z.infer<typeof SetPaymentPasswordRequestSchema>;

/**
 * What a record line is, for people (mapped from ledger transaction types and the sign):
 * DEPOSIT (a deposit credited), WITHDRAWAL (held or paid out for a withdrawal),
 * WITHDRAWAL_RETURNED (a rejected or cancelled withdrawal's hold given back),
 * TRANSFER_IN / TRANSFER_OUT (between own wallets or with another member, by sign),
 * GAME_BET / GAME_WIN (vendor debits and credits), BONUS, SALARY / DIVIDEND (an agent contract's
 * payment: received, or paid to a downline agent), ADJUSTMENT (opening balances and
 * operator corrections), CORRECTION (a compensating reversal of an earlier line).
 */
export const RECORD_TYPES = [
  'DEPOSIT',
  'WITHDRAWAL',
  'WITHDRAWAL_RETURNED',
  'TRANSFER_IN',
  'TRANSFER_OUT',
  'GAME_BET',
  'GAME_WIN',
  'BONUS',
  'REBATE',
  'SALARY',
  'DIVIDEND',
  'ADJUSTMENT',
  'CORRECTION',
] as const;
export const RecordTypeSchema = z.enum(RECORD_TYPES);
export type RecordType = z.infer<typeof RecordTypeSchema>;

export const RECORDS_MAX_PAGE_SIZE = 50;
/** An ISO date (a whole UTC day) or an ISO date-time with offset (the member's own midnight). */
export const RecordsInstantSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'must be an ISO date (2024-05-01) or date-time with offset',
});
const DAY_MS = 86_400_000;
/** The instants a records query covers, both inclusive: a bare date `to` reaches its last millisecond. */
export function recordsRangeOf(query: { from?: string | undefined; to?: string | undefined }): {
  from?: Date;
  to?: Date;
} {
  const isDate = (value: string) => value.length === 10;
  return {
    ...(query.from ? { from: new Date(Date.parse(query.from)) } : {}),
    ...(query.to ? { to: new Date(Date.parse(query.to) + (isDate(query.to) ? DAY_MS - 1 : 0)) } : {}),
  };
}
export const RecordsQuerySchema = z
  .object({
    type: RecordTypeSchema.optional(),
    /** Inclusive; a date means from its first moment. */
    from: RecordsInstantSchema.optional(),
    /** Inclusive; a date means to its last moment. */
    to: RecordsInstantSchema.optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(RECORDS_MAX_PAGE_SIZE).default(20),
  })
  .refine(
    (query) => {
      const { from, to } = recordsRangeOf(query);
      return !from || !to || from.getTime() <= to.getTime();
    },
    { path: ['to'], message: 'must not be before from' },
  );
export type RecordsQuery = z.input<typeof RecordsQuerySchema>;

export const AccountRecordSchema = z.object({
  /** The ledger entry's id. */
  id: bigintId(),
  transactionId: bigintId(),
  type: RecordTypeSchema,
  /** MAIN or the vendor code of the transfer wallet the line is on. */
  wallet: text(),
  reference: text(),
  /** Signed: positive into the wallet, negative out of it. */
  amountMinor: MinorUnitsSchema,
  balanceAfterMinor: MinorUnitsSchema,
  createdAt: text(),
});
export type AccountRecord = z.infer<typeof AccountRecordSchema>;
export const AccountRecordsSchema = z.object({
  items: z.array(AccountRecordSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AccountRecords = z.infer<typeof AccountRecordsSchema>;
export const AccountRecordsResponseSchema = envelopeOf(AccountRecordsSchema);

/** The operator's wallet settings call: switches single / transfer wallet mode. */
export const WalletSettingsUpdateSchema = z.object({ isSingle: z.boolean() });
export const WalletSettingsSchema = z.object({
  isSingle: z.boolean(),
  transferMinMinor: MinorUnitsSchema,
  withdrawMinMinor: MinorUnitsSchema,
  withdrawMaxMinor: MinorUnitsSchema,
  withdrawDailyCount: z.number().int(),
  withdrawConfirmMinutes: z.number().int(),
});
export type WalletSettings = z.infer<typeof WalletSettingsSchema>;
export const WalletSettingsResponseSchema = envelopeOf(WalletSettingsSchema);

/** Formats minor units for people: 2 decimals with thousands grouping (spec 9). */
export function formatMinorUnits(minor: string | bigint, decimals = 2, locale = 'en-US'): string {
  const value = BigInt(minor);
  const negative = value < 0n;
  const absolute = negative ? -value : value;
  const scale = 10n ** BigInt(decimals);
  const whole = new Intl.NumberFormat(locale).format(absolute / scale);
  const fraction = decimals > 0 ? `.${(absolute % scale).toString().padStart(decimals, '0')}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

export const WalletCalls = {
  balance: defineCall({ method: 'GET', path: WalletPaths.balance, response: BalanceResponseSchema }),
  merchantWallet: defineCall({
    method: 'GET',
    path: WalletCallPaths.merchantWallet,
    response: MerchantWalletResponseSchema,
  }),
  transferVendors: defineCall({
    method: 'GET',
    path: WalletCallPaths.transferVendors,
    response: TransferVendorsResponseSchema,
  }),
  walletTransfer: defineCall({
    method: 'POST',
    path: WalletCallPaths.walletTransfer,
    body: WalletTransferRequestSchema,
    response: WalletTransferResponseSchema,
  }),
  consolidatedFunds: defineCall({
    method: 'GET',
    path: WalletCallPaths.consolidatedFunds,
    response: ConsolidatedFundsResponseSchema,
  }),
  memberTransfer: defineCall({
    method: 'POST',
    path: WalletCallPaths.memberTransfer,
    body: MemberTransferRequestSchema,
    response: MemberTransferResponseSchema,
    sealed: true,
  }),
  paymentPasswordState: defineCall({
    method: 'GET',
    path: WalletCallPaths.paymentPassword,
    response: PaymentPasswordStateResponseSchema,
  }),
  setPaymentPassword: defineCall({
    method: 'POST',
    path: WalletCallPaths.paymentPassword,
    body: SetPaymentPasswordRequestSchema,
    response: PaymentPasswordStateResponseSchema,
    sealed: true,
  }),
  records: defineCall({
    method: 'GET',
    path: WalletCallPaths.records,
    query: RecordsQuerySchema,
    response: AccountRecordsResponseSchema,
  }),
};
