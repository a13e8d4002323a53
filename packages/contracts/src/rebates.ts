import { z } from 'zod';
import { PageInfoShape, pageShape } from './agent.ts';
import { defineCall } from './call.ts';
import { GameCategorySchema } from './categories.ts';
import { envelopeOf } from './envelope.ts';
import { bigintId, text } from './input-guard.ts';
import { plainText } from './plain-text.ts';
import { MinorUnitsSchema } from './wallet.ts';

/**
 * Rebates (issue 18, ADR 039): a daily cashback of valid bets per category, paid by a job once per
 * site day; with MANPLAYREB3 the member claims what has accrued so far (the "manual rebate" popup)
 * and the job pays the remainder. Operators read and set rates and list what was paid.
 */
export const RebatePaths = {
  accrued: '/wps/rebate/accrued',
  claim: '/wps/rebate/claim',
} as const;

export const RebateOpsPaths = {
  rates: '/ops/rebates/rates',
  rate: '/ops/rebates/rates/:level/:category',
  payouts: '/ops/rebates/payouts',
} as const;

/** Member levels with rates of their own; VIP levels are added here when they exist. */
export const REBATE_LEVELS = ['DEFAULT'] as const;
export const RebateLevelSchema = z.enum(REBATE_LEVELS, {
  error: `must be one of ${REBATE_LEVELS.join(', ')}`,
});
export type RebateLevel = z.infer<typeof RebateLevelSchema>;

/** Rates are basis points of valid bets: 100 = 1%. At most 10 000 (100%). */
export const REBATE_RATE_MAX_BP = 10_000;
export const REBATE_REASON_MAX = 500;

const RateBpSchema = z
  .number({ error: 'must be a whole number of basis points' })
  .int('must be a whole number of basis points')
  .min(0, 'must be 0 or more')
  .max(REBATE_RATE_MAX_BP, `must be at most ${REBATE_RATE_MAX_BP} (100%)`);

export const AccruedCategorySchema = z.object({
  category: GameCategorySchema,
  /** The member's level's rate now; a day already paid in part keeps the rate of its first payment. */
  rateBp: z.number().int(),
  /** Valid bets of the days still open to a claim. */
  validBetMinor: MinorUnitsSchema,
  accruedMinor: MinorUnitsSchema,
});
export const RebateAccruedSchema = z.object({
  categories: z.array(AccruedCategorySchema),
  totalMinor: MinorUnitsSchema,
  /** MANPLAYREB3: whether the member may claim now rather than wait for the daily payment. */
  claimEnabled: z.boolean(),
  /** The first site day still open to a claim (YYYY-MM-DD); earlier days were paid by the daily job. */
  fromDay: text(),
});
export type RebateAccrued = z.infer<typeof RebateAccruedSchema>;
export const RebateAccruedResponseSchema = envelopeOf(RebateAccruedSchema);

export const RebateClaimSchema = z.object({
  claimedMinor: MinorUnitsSchema,
  categories: z.array(z.object({ category: GameCategorySchema, amountMinor: MinorUnitsSchema })),
  /** The main wallet after the claim. */
  balanceMinor: MinorUnitsSchema,
});
export type RebateClaim = z.infer<typeof RebateClaimSchema>;
export const RebateClaimResponseSchema = envelopeOf(RebateClaimSchema);

export const RebateRateSchema = z.object({
  level: RebateLevelSchema,
  category: GameCategorySchema,
  rateBp: z.number().int(),
  /** Null for a category no one has set: its rate is 0. */
  updatedAt: text().nullable(),
  updatedBy: text().nullable(),
});
export type RebateRate = z.infer<typeof RebateRateSchema>;
export const RebateRatesResponseSchema = envelopeOf(z.object({ rates: z.array(RebateRateSchema) }));

export const RebateRateParamsSchema = z.object({ level: RebateLevelSchema, category: GameCategorySchema });
export const SetRebateRateSchema = z.object({
  rateBp: RateBpSchema,
  /** Why, for the audit trail. */
  reason: plainText()
    .trim()
    .min(3, 'say why the rate changes')
    .max(REBATE_REASON_MAX, `at most ${REBATE_REASON_MAX} characters`),
});
export type SetRebateRate = z.input<typeof SetRebateRateSchema>;
export const RebateRateResponseSchema = envelopeOf(RebateRateSchema);

export const RebatePayoutsQuerySchema = z.object({
  /** A site day, YYYY-MM-DD. */
  day: z.iso.date({ error: 'must be a date, YYYY-MM-DD' }),
  memberId: bigintId('must be a numeric member id').optional(),
  ...pageShape,
});
export type RebatePayoutsQuery = z.input<typeof RebatePayoutsQuerySchema>;

export const RebatePayoutSchema = z.object({
  memberId: bigintId(),
  category: GameCategorySchema,
  level: text(),
  rateBp: z.number().int(),
  validBetMinor: MinorUnitsSchema,
  claimedMinor: MinorUnitsSchema,
  jobMinor: MinorUnitsSchema,
});
export type RebatePayout = z.infer<typeof RebatePayoutSchema>;
export const RebatePayoutsResponseSchema = envelopeOf(
  z.object({
    /** Whether the daily job has settled the day (then nothing more is paid for it). */
    settled: z.boolean(),
    items: z.array(RebatePayoutSchema),
    ...PageInfoShape,
  }),
);

export const RebateCalls = {
  accrued: defineCall({ method: 'GET', path: RebatePaths.accrued, response: RebateAccruedResponseSchema }),
  claim: defineCall({ method: 'POST', path: RebatePaths.claim, response: RebateClaimResponseSchema }),
};

export const RebateOpsCalls = {
  rates: defineCall({ method: 'GET', path: RebateOpsPaths.rates, response: RebateRatesResponseSchema }),
  setRate: defineCall({
    method: 'PUT',
    path: RebateOpsPaths.rate,
    params: RebateRateParamsSchema,
    body: SetRebateRateSchema,
    response: RebateRateResponseSchema,
  }),
  payouts: defineCall({
    method: 'GET',
    path: RebateOpsPaths.payouts,
    query: RebatePayoutsQuerySchema,
    response: RebatePayoutsResponseSchema,
  }),
};
