import { z } from 'zod';
import { envelopeOf } from './envelope.ts';
import { asTextId, text } from './input-guard.ts';
import { plainText } from './plain-text.ts';
import { MAX_AMOUNT_MINOR, MinorUnitsSchema } from './wallet.ts';

/**
 * The seamless-wallet protocol that game vendors call (docs/vendor-protocol.md, written for
 * vendors). Every call is a signed POST with a JSON body; every answer the platform's envelope.
 */
export const VENDOR_PROTOCOL_PREFIX = '/vendor/v1';
export const VendorProtocolPaths = {
  balance: `${VENDOR_PROTOCOL_PREFIX}/:vendorCode/balance`,
  debit: `${VENDOR_PROTOCOL_PREFIX}/:vendorCode/debit`,
  credit: `${VENDOR_PROTOCOL_PREFIX}/:vendorCode/credit`,
  rollback: `${VENDOR_PROTOCOL_PREFIX}/:vendorCode/rollback`,
  correction: `${VENDOR_PROTOCOL_PREFIX}/:vendorCode/correction`,
  credits: `${VENDOR_PROTOCOL_PREFIX}/:vendorCode/credits`,
} as const;
export type VendorCall = keyof typeof VendorProtocolPaths;

/** The path of one call for one vendor. */
export const vendorCallPath = (vendorCode: string, call: VendorCall) =>
  `${VENDOR_PROTOCOL_PREFIX}/${vendorCode}/${call}`;

/** Unix time in whole seconds, as the vendor's clock reads it when signing. */
export const VENDOR_TIMESTAMP_HEADER = 'x-fortuna-timestamp';
/** Lower-case hex HMAC-SHA256, with the vendor's secret, of `<timestamp>.<raw body>`. */
export const VENDOR_SIGNATURE_HEADER = 'x-fortuna-signature';
/** Set to "true" on an answer that repeats the first answer to the same transaction id. */
export const VENDOR_REPLAY_HEADER = 'x-fortuna-replayed';
/** A signed body is at most this large. */
export const VENDOR_BODY_LIMIT_BYTES = 16_384;
/** Credits in one batch call at most (a lottery draw's settlement, ADR 055). */
export const VENDOR_CREDIT_BATCH_MAX = 250;
/** A batch's body is at most this large: its most credits with every field at its longest. */
export const VENDOR_BATCH_BODY_LIMIT_BYTES = 131_072;

export const VendorAmountMessages = {
  format: 'must be a whole number of minor units as a decimal string, e.g. "1050" for 10.50',
  positive: 'must be greater than zero',
  tooLarge: `must be at most ${MAX_AMOUNT_MINOR} minor units`,
} as const;

/** Minor units as a decimal string: "1.5", "-1", "1e3", 15 (a number) are refused by name. */
function amountSchema(allowZero: boolean) {
  return text({ error: VendorAmountMessages.format })
    .regex(/^\d{1,19}$/, { message: VendorAmountMessages.format, abort: true })
    .refine((value) => allowZero || BigInt(value) > 0n, VendorAmountMessages.positive)
    .refine((value) => BigInt(value) <= MAX_AMOUNT_MINOR, VendorAmountMessages.tooLarge);
}

const token = (what: string, min: number) =>
  asTextId(
    text({ error: `must be a string: ${what}` })
      .regex(new RegExp(`^[A-Za-z0-9_.:-]{${min},64}$`), `must be ${min} to 64 of A-Z a-z 0-9 _ . : -`)
      .describe(what),
  );

export const PlayerIdSchema = asTextId(
  text({ error: 'must be a string: the player id given at launch' })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be the player id given at launch')
    .describe('the opaque player id the platform gave at launch'),
);
const TransactionIdSchema = token("the vendor's own unique id of this transaction", 1);
const RoundIdSchema = token("the vendor's id of the game round", 1);
const GameCodeSchema = token("the vendor's game code", 1);

export const VendorBalanceRequestSchema = z.strictObject({ playerId: PlayerIdSchema });
export type VendorBalanceRequest = z.infer<typeof VendorBalanceRequestSchema>;

const movement = {
  playerId: PlayerIdSchema,
  transactionId: TransactionIdSchema,
  roundId: RoundIdSchema,
  gameCode: GameCodeSchema,
};

/** How far ahead a long-open round may announce its settlement: a lottery draw's week and more. */
export const LONG_OPEN_MAX_DAYS = 31;
const DAY_MS = 86_400_000;

/**
 * When a long-open round will settle (a lottery ticket's draw, ADR 044): an ISO 8601 instant in
 * UTC. Before it, and a margin after, operators cannot refund the round as abandoned.
 */
const SettlesAtSchema = text({ error: 'must be an ISO 8601 instant in UTC, e.g. "2027-01-01T18:30:00Z"' })
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/, {
    message: 'must be an ISO 8601 instant in UTC, e.g. "2027-01-01T18:30:00Z"',
    abort: true,
  })
  .refine(
    // Date.parse rolls 30 February over into March: the instant must read back as written.
    (value) => new Date(value).toISOString().slice(0, 19) === value.slice(0, 19),
    { message: 'must be a real date and time', abort: true },
  )
  .refine(
    (value) => Date.parse(value) <= Date.now() + LONG_OPEN_MAX_DAYS * DAY_MS,
    `must be at most ${LONG_OPEN_MAX_DAYS} days ahead`,
  )
  .describe('when a long-open round will settle, e.g. its draw time');

/**
 * A bet: takes `amountMinor` (> 0) from the player's wallet. `settlesAt` declares the round
 * long-open (a lottery ticket waiting for its draw); only the debit that opens the round sets it.
 */
export const VendorDebitRequestSchema = z.strictObject({
  ...movement,
  amountMinor: amountSchema(false),
  settlesAt: SettlesAtSchema.optional(),
});
export type VendorDebitRequest = z.infer<typeof VendorDebitRequestSchema>;

/** A win, settling the round: pays `amountMinor`; "0" settles a lost round. */
export const VendorCreditRequestSchema = z.strictObject({ ...movement, amountMinor: amountSchema(true) });
export type VendorCreditRequest = z.infer<typeof VendorCreditRequestSchema>;

/**
 * Many credits in one call (ADR 055): each exactly as the credit call would apply it, idempotent
 * by its own transaction id, in the order given; one entry refused does not refuse the others.
 * The transaction ids must differ within the batch.
 */
export const VendorCreditBatchRequestSchema = z.strictObject({
  credits: z
    .array(VendorCreditRequestSchema, { error: 'must be a list of credits' })
    .min(1, 'must hold at least one credit')
    .max(VENDOR_CREDIT_BATCH_MAX, `must hold at most ${VENDOR_CREDIT_BATCH_MAX} credits`)
    .superRefine((credits, context) => {
      const seen = new Set<string>();
      for (const [index, credit] of credits.entries()) {
        if (seen.has(credit.transactionId))
          context.addIssue({
            code: 'custom',
            path: [index, 'transactionId'],
            message: 'must not repeat a transaction id of the same batch',
          });
        seen.add(credit.transactionId);
      }
    }),
});
export type VendorCreditBatchRequest = z.infer<typeof VendorCreditBatchRequestSchema>;

/** A refund of one debit, named by its transaction id, before its round is settled. */
export const VendorRollbackRequestSchema = z.strictObject({
  ...movement,
  refTransactionId: token('the transaction id of the debit to refund', 1),
});
export type VendorRollbackRequest = z.infer<typeof VendorRollbackRequestSchema>;

export const CORRECTION_REASON_MAX = 200;

/**
 * A correction of a settled round (ADR 044): a compensating CREDIT (the player was paid too
 * little) or DEBIT (too much) of `amountMinor` (> 0), with its reason; never an edit of the
 * round's earlier movements. Idempotent by `transactionId` like every movement.
 */
export const VendorCorrectionRequestSchema = z.strictObject({
  ...movement,
  direction: z.enum(['CREDIT', 'DEBIT'], {
    error: 'must be CREDIT (pay the player more) or DEBIT (take back what was paid too much)',
  }),
  amountMinor: amountSchema(false),
  reason: plainText()
    .trim()
    .min(1, 'say why the round is corrected')
    .max(CORRECTION_REASON_MAX, `at most ${CORRECTION_REASON_MAX} characters`),
});
export type VendorCorrectionRequest = z.infer<typeof VendorCorrectionRequestSchema>;

export const VendorBalanceSchema = z.object({
  playerId: asTextId(text()),
  balanceMinor: MinorUnitsSchema,
  currency: text(),
});
export type VendorBalance = z.infer<typeof VendorBalanceSchema>;
export const VendorBalanceResponseSchema = envelopeOf(VendorBalanceSchema);

/** The answer to a debit, credit or rollback; a repeat of the call answers exactly this again. */
export const VendorTransactionSchema = z.object({
  transactionId: asTextId(text()),
  playerId: asTextId(text()),
  roundId: asTextId(text()),
  /** What this call moved: the debit's or credit's amount, the refund ("0" when there was nothing to refund). */
  amountMinor: MinorUnitsSchema,
  /** The player's balance right after this transaction. */
  balanceMinor: MinorUnitsSchema,
  currency: text(),
  /** When the platform recorded the transaction (ISO 8601). */
  processedAt: text(),
});
export type VendorTransaction = z.infer<typeof VendorTransactionSchema>;
export const VendorTransactionResponseSchema = envelopeOf(VendorTransactionSchema);

/**
 * One credit's outcome in a batch, in the order sent: applied (or answered again: `replayed`)
 * with the credit call's answer, or refused with the code and message the credit call would give.
 */
export const VendorBatchResultSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    transactionId: asTextId(text()),
    replayed: z.boolean(),
    transaction: VendorTransactionSchema,
  }),
  z.object({ ok: z.literal(false), transactionId: asTextId(text()), code: text(), message: text() }),
]);
export type VendorBatchResult = z.infer<typeof VendorBatchResultSchema>;
export const VendorCreditBatchSchema = z.object({ results: z.array(VendorBatchResultSchema) });
export type VendorCreditBatch = z.infer<typeof VendorCreditBatchSchema>;
export const VendorCreditBatchResponseSchema = envelopeOf(VendorCreditBatchSchema);

/** The error codes a vendor may receive (errors.ts holds their HTTP status and message). */
export const VENDOR_PROTOCOL_ERROR_CODES = [
  'MALFORMED_REQUEST',
  'VALIDATION_FAILED',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'SIGNATURE_INVALID',
  'SIGNATURE_EXPIRED',
  'VENDOR_NOT_FOUND',
  'VENDOR_DISABLED',
  'VENDOR_NOT_SEAMLESS',
  'VENDOR_MAINTENANCE',
  'PLAYER_NOT_FOUND',
  'ACCOUNT_DISABLED',
  'INSUFFICIENT_FUNDS',
  'ROUND_NOT_FOUND',
  'ROUND_CLOSED',
  'ROUND_CANCELLED',
  'ROUND_NOT_SETTLED',
  'CORRECTION_EXCEEDS_PAYOUT',
  'TRANSACTION_CONFLICT',
  'TRANSACTION_ROLLED_BACK',
  'INTERNAL',
] as const;
