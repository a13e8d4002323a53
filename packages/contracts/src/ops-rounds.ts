import { z } from 'zod';
import { envelopeOf } from './envelope.ts';
import { VendorCodeSchema } from './games.ts';
import { asTextId, bigintId, text } from './input-guard.ts';
import { plainText } from './plain-text.ts';
import { MinorUnitsSchema } from './wallet.ts';

/**
 * Rounds a seamless vendor left open (a debit never credited nor rolled back) and their refund by
 * an operator (FINANCE, ADMIN; docs/decisions/015-operator-round-refund.md).
 */
export const OpsRoundPaths = {
  open: '/ops/rounds/open',
  refund: '/ops/rounds/:id/refund',
} as const;

/**
 * A round younger than this may still be in play: the vendor may yet settle it, so no refund. A
 * long-open round (its debit named `settlesAt`, ADR 044) is counted from that instant instead: it
 * is refundable only once it is late by this margin.
 */
export const ROUND_REFUND_MIN_AGE_MINUTES = 10;
export const OPEN_ROUNDS_DEFAULT_AGE_MINUTES = 60;
/** Thirty days: older rounds are still listed by asking for this age. */
export const OPEN_ROUNDS_MAX_AGE_MINUTES = 43_200;
export const ROUND_REFUND_NOTE_MAX = 500;

export const OpenRoundsQuerySchema = z.object({
  /** Only rounds opened (a long-open round: due to settle) at least this long ago. */
  olderThanMinutes: z.coerce
    .number()
    .int('must be a whole number of minutes')
    .min(0, 'must be 0 or more')
    .max(OPEN_ROUNDS_MAX_AGE_MINUTES, `must be at most ${OPEN_ROUNDS_MAX_AGE_MINUTES}`)
    .default(OPEN_ROUNDS_DEFAULT_AGE_MINUTES),
  vendor: VendorCodeSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type OpenRoundsQuery = z.input<typeof OpenRoundsQuerySchema>;

export const OpsRoundParamsSchema = z.object({
  id: bigintId('not a round id'),
});

export const RoundRefundSchema = z.object({
  /** Why: the vendor's incident, the ticket. */
  note: plainText()
    .trim()
    .min(1, 'say why the round is refunded')
    .max(ROUND_REFUND_NOTE_MAX, `at most ${ROUND_REFUND_NOTE_MAX} characters`),
});
export type RoundRefund = z.input<typeof RoundRefundSchema>;

export const OpsRoundSchema = z.object({
  /** The bet record's id. */
  id: bigintId(),
  vendor: text(),
  memberId: bigintId(),
  username: text(),
  gameCode: text(),
  roundId: asTextId(text()),
  /** Debits not rolled back: what a refund gives back. 0 once refunded. */
  stakeMinor: MinorUnitsSchema,
  status: z.enum(['OPEN', 'SETTLED', 'CANCELLED']),
  openedAt: text(),
  /** A long-open round's announced settlement (its draw's time, ADR 044); null for the others. */
  settlesAt: text().nullable(),
  /** When it was settled or cancelled. */
  closedAt: text().nullable(),
});
export type OpsRound = z.infer<typeof OpsRoundSchema>;

export const OpenRoundsResponseSchema = envelopeOf(
  z.object({
    rounds: z.array(OpsRoundSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  }),
);

export const RoundRefundResponseSchema = envelopeOf(
  OpsRoundSchema.extend({
    /** What went back to the member's main wallet. */
    refundedMinor: MinorUnitsSchema,
  }),
);
