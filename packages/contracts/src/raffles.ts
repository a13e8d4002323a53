import { z } from 'zod';
import { defineCall } from './call.ts';
import { envelopeOf } from './envelope.ts';
import { bigintId, text } from './input-guard.ts';
import { plainText } from './plain-text.ts';
import { LanguageCodeSchema } from './system.ts';
import { MinorUnitsSchema } from './wallet.ts';

/**
 * The raffle (issue 18, spec 7.4 `MCS2_claimRafflePromotion` and `rafflePromotion`, ADR 067):
 * tickets earned by deposits and valid bets, drawn at a set time from a seed whose hash is
 * published when the raffle is created (before its first ticket) and which is revealed after the
 * draw; each winning ticket's prize is credited once.
 */
export const RafflePaths = {
  /** Spec 7.4 "also POST rafflePromotion": the member's view of one raffle. */
  view: '/wps/relay/rafflePromotion',
  /** Spec 7.4: the member joins the raffle and takes the tickets earned so far. */
  claim: '/wps/relay/MCS2_claimRafflePromotion',
  /** The raffles to show in the lobby: open ones and those drawn lately (public). */
  list: '/wps/raffles',
  /** Anyone recomputes the winners of a drawn raffle (public). */
  verify: '/wps/raffles/:id/verify',
} as const;

export const RaffleOpsPaths = {
  create: '/ops/raffles',
  /** Pause, resume or cancel a raffle before its draw (ADR 074). */
  status: '/ops/raffles/:id/status',
} as const;

export const RAFFLE_CODE_PATTERN = /^[A-Z][A-Z0-9_]{2,39}$/;
export const RAFFLE_TITLE_MAX = 120;
export const RAFFLE_TICKETS_PER_MEMBER_MAX = 10_000;
export const RAFFLE_TIERS_MAX = 20;
export const RAFFLE_WINNERS_MAX = 1_000;
/** A raffle draws within a year of its creation. */
export const RAFFLE_HORIZON_DAYS = 366;

const instant = z.iso.datetime({ offset: true, error: 'must be an ISO date-time with an offset' });
const DIGITS = /^[0-9]{1,15}$/;
const minorAmount = (what: string) =>
  z
    .string({ error: `${what} must be a whole number of minor units, as a string` })
    .regex(DIGITS, `${what} must be a whole number of minor units, as a string`);
/** Checked only once the pattern holds: a string that is not digits never reaches BigInt. */
const positiveMinor = (what: string) =>
  minorAmount(what).refine((value) => !DIGITS.test(value) || BigInt(value) > 0n, `${what} must be above 0`);

export const RaffleTicketRuleSchema = z
  .object({
    /** One ticket per so much of valid bets since the raffle opened; null: bets earn none. */
    validBetsPerTicketMinor: positiveMinor('validBetsPerTicketMinor').nullable(),
    /** One ticket per credited deposit of at least this; null: deposits earn none. */
    depositMinMinor: positiveMinor('depositMinMinor').nullable(),
    maxTicketsPerMember: z
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'at least 1')
      .max(RAFFLE_TICKETS_PER_MEMBER_MAX, `at most ${RAFFLE_TICKETS_PER_MEMBER_MAX}`),
  })
  .refine((rule) => rule.validBetsPerTicketMinor !== null || rule.depositMinMinor !== null, {
    message: 'valid bets or a deposit must earn tickets',
    path: ['validBetsPerTicketMinor'],
  });
export type RaffleTicketRule = z.infer<typeof RaffleTicketRuleSchema>;

/** `winners` tickets win `amountMinor` each; tiers in order, the first drawn tickets take the first tier. */
export const RafflePrizeTierSchema = z.object({
  winners: z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'at least 1')
    .max(RAFFLE_WINNERS_MAX, `at most ${RAFFLE_WINNERS_MAX}`),
  amountMinor: positiveMinor('amountMinor'),
});
export type RafflePrizeTier = z.infer<typeof RafflePrizeTierSchema>;

/** What all the prizes of the tiers add up to. */
export const prizesTotalMinor = (tiers: readonly RafflePrizeTier[]): bigint =>
  tiers.reduce((sum, tier) => sum + BigInt(tier.winners) * BigInt(tier.amountMinor), 0n);

export const CreateRaffleSchema = z
  .object({
    code: text().regex(RAFFLE_CODE_PATTERN, '3 to 40 capital letters, digits or _, starting with a letter'),
    titles: z
      .partialRecord(
        LanguageCodeSchema,
        plainText().trim().min(1, 'a title is needed').max(RAFFLE_TITLE_MAX, `at most ${RAFFLE_TITLE_MAX}`),
      )
      .refine((titles) => titles.EN !== undefined, 'an EN title is needed: other languages fall back to it'),
    /** Deposits and valid bets from this instant on earn tickets. */
    opensAt: instant,
    /** The draw: tickets close and the winners are drawn. */
    drawAt: instant,
    ticketRule: RaffleTicketRuleSchema,
    prizes: z
      .array(RafflePrizeTierSchema)
      .min(1, 'at least one prize')
      .max(RAFFLE_TIERS_MAX, `at most ${RAFFLE_TIERS_MAX} tiers`),
    /** What the prizes may take; at least their total, so the draw can pay every prize. */
    budgetMinor: positiveMinor('budgetMinor'),
  })
  .superRefine((fields, context) => {
    const problem = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (Date.parse(fields.drawAt) <= Date.parse(fields.opensAt))
      problem('drawAt', 'drawAt must be after opensAt');
    const winners = fields.prizes.reduce((sum, tier) => sum + tier.winners, 0);
    if (winners > RAFFLE_WINNERS_MAX) problem('prizes', `at most ${RAFFLE_WINNERS_MAX} winners in all`);
    if (DIGITS.test(fields.budgetMinor) && BigInt(fields.budgetMinor) < prizesTotalMinor(fields.prizes))
      problem('budgetMinor', 'budgetMinor must cover the prizes');
  });
export type CreateRaffle = z.input<typeof CreateRaffleSchema>;
export type CreateRaffleFields = z.output<typeof CreateRaffleSchema>;

export const RaffleBodySchema = z.object({
  raffleId: bigintId('must be a numeric raffle id'),
  lang: LanguageCodeSchema.optional(),
});
export const RaffleParamsSchema = z.object({ id: bigintId('must be a numeric raffle id') });
export const RaffleListQuerySchema = z.object({ lang: LanguageCodeSchema.optional() });

/**
 * COMING_SOON before it opens, OPEN taking tickets, PAUSED by an operator (no ticket issued; what
 * is earned meanwhile never earns one), CANCELLED before its draw (never drawn), DRAWN.
 */
export const RAFFLE_STATUSES = ['COMING_SOON', 'OPEN', 'PAUSED', 'CANCELLED', 'DRAWN'] as const;

export const RaffleWinnerSchema = z.object({
  rank: z.number().int(),
  ticketNumber: z.number().int(),
  prizeMinor: MinorUnitsSchema,
});
export type RaffleWinner = z.infer<typeof RaffleWinnerSchema>;

/** A raffle as anyone sees it: never the seed before the draw. */
export const PublicRaffleSchema = z.object({
  id: bigintId(),
  code: text(),
  title: text(),
  status: z.enum(RAFFLE_STATUSES),
  opensAt: text(),
  drawAt: text(),
  ticketRule: z.object({
    validBetsPerTicketMinor: MinorUnitsSchema.nullable(),
    depositMinMinor: MinorUnitsSchema.nullable(),
    maxTicketsPerMember: z.number().int(),
  }),
  prizes: z.array(z.object({ winners: z.number().int(), amountMinor: MinorUnitsSchema })),
  /** SHA-256 of the seed, published when the raffle was created. */
  seedHash: text(),
  /** Revealed after the draw; null before. */
  seed: text().nullable(),
  /** SHA-256 of the closed ticket list, fixed at the draw; null before. */
  closingValue: text().nullable(),
  ticketCount: z.number().int(),
  winners: z.array(RaffleWinnerSchema),
});
export type PublicRaffle = z.infer<typeof PublicRaffleSchema>;

/** The member's view (spec 7.4 rafflePromotion): the raffle, whether joined, the member's tickets. */
export const MyRaffleSchema = z.object({
  raffle: PublicRaffleSchema,
  joined: z.boolean(),
  /** The member's ticket numbers, lowest first. */
  myTickets: z.array(z.number().int()),
  /** The member's winning tickets, after the draw. */
  myWins: z.array(RaffleWinnerSchema),
});
export type MyRaffle = z.infer<typeof MyRaffleSchema>;

export const RaffleVerificationSchema = z.object({
  seedHash: text(),
  seed: text(),
  closingValue: text(),
  ticketCount: z.number().int(),
  /** The seed hashes to the hash published before the first ticket. */
  hashMatches: z.boolean(),
  /** The winning ticket numbers recomputed from seed, closing value and ticket count, in rank order. */
  recomputedTickets: z.array(z.number().int()),
  /** They equal the published winners. */
  winnersMatch: z.boolean(),
});
export type RaffleVerification = z.infer<typeof RaffleVerificationSchema>;

/** What an operator may set (ADR 074): pause, resume (OPEN) or cancel; CANCELLED and DRAWN are final. */
export const RAFFLE_SETTABLE_STATUSES = ['OPEN', 'PAUSED', 'CANCELLED'] as const;
export const RAFFLE_REASON_MAX = 500;
export const SetRaffleStatusSchema = z.object({
  status: z.enum(RAFFLE_SETTABLE_STATUSES, {
    error: `must be one of ${RAFFLE_SETTABLE_STATUSES.join(', ')}`,
  }),
  reason: plainText()
    .trim()
    .min(3, 'say why the status changes')
    .max(RAFFLE_REASON_MAX, `at most ${RAFFLE_REASON_MAX} characters`),
});
export type SetRaffleStatus = z.input<typeof SetRaffleStatusSchema>;
export type SetRaffleStatusFields = z.output<typeof SetRaffleStatusSchema>;

export const RaffleCalls = {
  view: defineCall({
    method: 'POST',
    path: RafflePaths.view,
    body: RaffleBodySchema,
    response: envelopeOf(MyRaffleSchema),
  }),
  claim: defineCall({
    method: 'POST',
    path: RafflePaths.claim,
    body: RaffleBodySchema,
    response: envelopeOf(MyRaffleSchema),
  }),
  list: defineCall({
    method: 'GET',
    path: RafflePaths.list,
    query: RaffleListQuerySchema,
    response: envelopeOf(z.object({ raffles: z.array(PublicRaffleSchema) })),
  }),
  verify: defineCall({
    method: 'GET',
    path: RafflePaths.verify,
    params: RaffleParamsSchema,
    response: envelopeOf(RaffleVerificationSchema),
  }),
};

export const RaffleOpsCalls = {
  create: defineCall({
    method: 'POST',
    path: RaffleOpsPaths.create,
    body: CreateRaffleSchema,
    response: envelopeOf(PublicRaffleSchema),
    status: 201,
  }),
  setStatus: defineCall({
    method: 'POST',
    path: RaffleOpsPaths.status,
    params: RaffleParamsSchema,
    body: SetRaffleStatusSchema,
    response: envelopeOf(PublicRaffleSchema),
  }),
};
