import { z } from 'zod';
import { defineCall } from './call.ts';
import { GameCategorySchema } from './categories.ts';
import { envelopeOf } from './envelope.ts';
import { LanguageSchema, VendorCodeSchema } from './games.ts';
import { asTextId, bigintId, text } from './input-guard.ts';
import { MinorUnitsSchema, RecordsInstantSchema, recordsRangeOf } from './wallet.ts';

/** The member's betting record (spec 2.6 personalHistoryCopy) and personal profit and loss (personalProfit). */
export const BetRecordPaths = {
  records: '/wps/bets/records',
  profit: '/wps/bets/profit',
  tickets: '/wps/bets/records/:id/tickets',
} as const;

export const BET_RECORDS_PAGE_SIZE = 20;
export const BET_RECORDS_MAX_PAGE_SIZE = 50;

/** OPEN: bets taken, not settled; SETTLED: paid (or lost); CANCELLED: every bet refunded. */
export const BET_STATUSES = ['OPEN', 'SETTLED', 'CANCELLED'] as const;
export const BetStatusSchema = z.enum(BET_STATUSES, { error: `must be one of ${BET_STATUSES.join(', ')}` });
export type BetStatus = z.infer<typeof BetStatusSchema>;

const rangeInOrder = {
  check: (query: { from?: string | undefined; to?: string | undefined }) => {
    const { from, to } = recordsRangeOf(query);
    return !from || !to || from.getTime() <= to.getTime();
  },
  issue: { path: ['to'], message: 'must not be before from' },
};

const filters = {
  /** Inclusive; a date means from its first moment (UTC), a date-time with offset the member's own. */
  from: RecordsInstantSchema.optional(),
  /** Inclusive; a date means to its last moment. */
  to: RecordsInstantSchema.optional(),
  category: GameCategorySchema.optional(),
  vendor: VendorCodeSchema.optional(),
};

/** Rounds by the time their first bet was placed, newest first. */
export const BetRecordsQuerySchema = z
  .object({
    ...filters,
    status: BetStatusSchema.optional(),
    /** The language of each round's `gameName`. */
    language: LanguageSchema,
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(BET_RECORDS_MAX_PAGE_SIZE).default(BET_RECORDS_PAGE_SIZE),
  })
  .refine(rangeInOrder.check, rangeInOrder.issue);
export type BetRecordsQuery = z.input<typeof BetRecordsQuerySchema>;

/** Settled rounds by the time they were settled. */
export const ProfitQuerySchema = z.object(filters).refine(rangeInOrder.check, rangeInOrder.issue);
export type ProfitQuery = z.input<typeof ProfitQuerySchema>;

export const BetRecordSchema = z.object({
  id: bigintId(),
  vendorCode: text(),
  vendorName: text(),
  gameCode: text(),
  /**
   * The game's name in the asked language, else English, else its catalogue name; the code itself
   * for a game no longer in the catalogue.
   */
  gameName: text(),
  category: GameCategorySchema,
  roundId: asTextId(text()),
  stakeMinor: MinorUnitsSchema,
  payoutMinor: MinorUnitsSchema,
  validBetMinor: MinorUnitsSchema,
  /** Payout minus stake, once settled; null while open or when cancelled. */
  profitMinor: MinorUnitsSchema.nullable(),
  status: BetStatusSchema,
  openedAt: text(),
  settledAt: text().nullable(),
});
export type BetRecord = z.infer<typeof BetRecordSchema>;

/** Sums over rounds; `profitMinor` (payout − stake) counts settled rounds only. */
export const BetTotalsSchema = z.object({
  rounds: z.number().int(),
  stakeMinor: MinorUnitsSchema,
  validBetMinor: MinorUnitsSchema,
  payoutMinor: MinorUnitsSchema,
  profitMinor: MinorUnitsSchema,
});
export type BetTotals = z.infer<typeof BetTotalsSchema>;

export const BetRecordsSchema = z.object({
  items: z.array(BetRecordSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  /** Over every round the filters match, not just this page. */
  totals: BetTotalsSchema,
});
export type BetRecords = z.infer<typeof BetRecordsSchema>;
export const BetRecordsResponseSchema = envelopeOf(BetRecordsSchema);

export const ProfitSchema = z.object({
  totals: BetTotalsSchema,
  /** One line per vendor played in the period, by vendor order. */
  vendors: z.array(BetTotalsSchema.extend({ vendorCode: text(), vendorName: text() })),
});
export type Profit = z.infer<typeof ProfitSchema>;
export const ProfitResponseSchema = envelopeOf(ProfitSchema);

/** One of the caller's own bet records, by its id in the betting record. */
export const BetRecordParamsSchema = z.object({ id: bigintId('must be a numeric bet record id') });
export const RoundTicketsQuerySchema = z.object({
  /** The language of each ticket's words (bet type, numbers). */
  language: LanguageSchema,
});

/**
 * One ticket of a lottery round (ADR 072), in the vendor's words for the asked language: its bet
 * type, numbers and odds (the return per unit staked, snapshotted when placed), its stake, what it
 * paid once settled, and its prize mode's rebate (paid with the settlement, won or lost).
 */
export const RoundTicketSchema = z.object({
  ticketId: asTextId(text()),
  betType: text(),
  betTypeName: text(),
  numbers: text(),
  odds: text(),
  stakeMinor: MinorUnitsSchema,
  /** Null until the round is settled. */
  payoutMinor: MinorUnitsSchema.nullable(),
  rebateMinor: MinorUnitsSchema,
});
export type RoundTicket = z.infer<typeof RoundTicketSchema>;

/** A compensating movement after the draw's result was corrected: beside the settlement, never editing it. */
export const RoundCorrectionSchema = z.object({
  direction: z.enum(['CREDIT', 'DEBIT']),
  amountMinor: MinorUnitsSchema,
  status: z.enum(['PENDING', 'APPLIED', 'REFUSED']),
  reason: text(),
  correctedAt: text(),
});

/** A lottery round's tickets and its draw, as its vendor keeps them (the platform keeps one row per round). */
export const RoundTicketsSchema = z.object({
  id: bigintId(),
  roundId: asTextId(text()),
  drawCode: text(),
  drawClosesAt: text(),
  tickets: z.array(RoundTicketSchema),
  corrections: z.array(RoundCorrectionSchema),
});
export type RoundTickets = z.infer<typeof RoundTicketsSchema>;
export const RoundTicketsResponseSchema = envelopeOf(RoundTicketsSchema);

export const BetRecordCalls = {
  records: defineCall({
    method: 'GET',
    path: BetRecordPaths.records,
    query: BetRecordsQuerySchema,
    response: BetRecordsResponseSchema,
  }),
  profit: defineCall({
    method: 'GET',
    path: BetRecordPaths.profit,
    query: ProfitQuerySchema,
    response: ProfitResponseSchema,
  }),
  tickets: defineCall({
    method: 'GET',
    path: BetRecordPaths.tickets,
    params: BetRecordParamsSchema,
    query: RoundTicketsQuerySchema,
    response: RoundTicketsResponseSchema,
  }),
};
