import { z } from 'zod';
import { envelopeOf } from './envelope.ts';
import { text } from './input-guard.ts';
import { plainText } from './plain-text.ts';

/**
 * The platform operators' lottery back office (ADR 069): the house lottery's draw calendar, a
 * draw's liability and the void of a draw (ADR 076), for ADMIN and FINANCE, relayed to the lottery
 * that runs the draws.
 */
export const OpsLotteryPaths = {
  draws: '/ops/lottery/draws',
  liability: '/ops/lottery/draws/:drawCode/liability',
  void: '/ops/lottery/draws/:drawCode/void',
} as const;

/**
 * An operator's reason for a lottery draw's correction or void: room left in the protocol's 200
 * characters of a correction's reason after "Draw <code> result corrected: ".
 */
export const LOTTERY_OPERATOR_REASON_MAX = 140;

const IsoDateTimeSchema = text().regex(
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/,
  'must be an ISO date-time such as 2026-11-27T12:00:00Z',
);

export const LotteryCalendarQuerySchema = z.strictObject({
  /** Draws closing from this instant (default: an hour ago). */
  from: IsoDateTimeSchema.optional(),
  /** …until before this one (default: a day after from; at most 7 days after it). */
  to: IsoDateTimeSchema.optional(),
  /** One game's draws (keno-1m, vn-north, sea-2d). */
  game: text()
    .regex(/^[a-z0-9-]{1,20}$/, 'must be a lottery game code')
    .optional(),
});

export const LotteryDrawParamsSchema = z.object({
  drawCode: text().regex(/^[a-z0-9-]{1,40}$/, 'must be a draw code'),
});

export const DRAW_STATES = ['OPEN', 'CLOSED', 'SETTLING', 'SETTLED', 'VOID'] as const;

export const CalendarDrawSchema = z.object({
  drawCode: text(),
  gameCode: text(),
  family: text(),
  opensAt: text(),
  closesAt: text(),
  /**
   * OPEN: taking bets; CLOSED: waiting for its numbers or result; SETTLING: slips being paid;
   * SETTLED; VOID: voided before it was drawn, its live slips being refunded (ADR 076).
   */
  state: z.enum(DRAW_STATES),
  drawnAt: text().nullable(),
  liveSlips: z.number().int(),
  liveStakeMinor: z.number().int(),
  settledSlips: z.number().int(),
  /** Live slips whose last call the platform refused: waiting to be sent again; look at these. */
  refusedSlips: z.number().int(),
  corrected: z.boolean(),
});
export const LotteryCalendarSchema = z.object({
  from: text(),
  to: text(),
  draws: z.array(CalendarDrawSchema),
});
export type LotteryCalendar = z.infer<typeof LotteryCalendarSchema>;
export const LotteryCalendarResponseSchema = envelopeOf(LotteryCalendarSchema);

export const DrawLiabilitySchema = z.object({
  drawCode: text(),
  gameCode: text(),
  closesAt: text(),
  drawn: z.boolean(),
  capMinor: z.number().int(),
  liveSlips: z.number().int(),
  liveStakeMinor: z.number().int(),
  settledSlips: z.number().int(),
  /** The most exposed outcomes first (100 at most). */
  outcomes: z.array(
    z.object({ outcome: text(), exposureMinor: z.number().int(), headroomMinor: z.number().int() }),
  ),
});
export type DrawLiability = z.infer<typeof DrawLiabilitySchema>;
export const DrawLiabilityResponseSchema = envelopeOf(DrawLiabilitySchema);

/** Why the draw is voided (ADR 076): the operator is the one calling. */
export const LotteryDrawVoidSchema = z.strictObject({
  reason: plainText()
    .trim()
    .min(1, 'say why the draw is voided')
    .max(LOTTERY_OPERATOR_REASON_MAX, `at most ${LOTTERY_OPERATOR_REASON_MAX} characters`),
});
export type LotteryDrawVoid = z.input<typeof LotteryDrawVoidSchema>;

/** A draw's void as the lottery recorded it: the first void's, answered again to every repeat. */
export const DrawVoidSchema = z.object({
  drawCode: text(),
  /** The audit actor who voided it (operator:<id> or ops-token). */
  operator: text(),
  reason: text(),
  voidedAt: text(),
  /** The live slips the draw held when voided, and their stakes: what is refunded. */
  slips: z.number().int(),
  stakeMinor: z.number().int(),
});
export type DrawVoid = z.infer<typeof DrawVoidSchema>;
export const DrawVoidResponseSchema = envelopeOf(DrawVoidSchema);
