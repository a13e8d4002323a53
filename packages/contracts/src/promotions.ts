import { z } from 'zod';
import { defineCall } from './call.ts';
import { GameCategorySchema } from './categories.ts';
import { envelopeOf } from './envelope.ts';
import { bigintId, text } from './input-guard.ts';
import { plainText } from './plain-text.ts';
import { PromotionEarningSchema } from './promotion-triggers.ts';
import { LanguageCodeSchema } from './system.ts';
import { MinorUnitsSchema } from './wallet.ts';

/**
 * Promotions and bonus money with wagering (issue 18, ADR 045). A grant puts a bonus into the
 * member's bonus balance; it is released to the main wallet once the member's valid bets on the
 * grant's eligible categories, each counted at its weight, reach the wagering requirement.
 */
export const PromotionPaths = {
  bonuses: '/wps/bonus/details',
  cancel: '/wps/bonus/:id/cancel',
  running: '/wps/promotions',
} as const;

/** The strictest regulators cap wagering at 10× (issue 18); a promotion may not ask for more. */
export const MAX_WAGERING_MULTIPLIER = 10;

const minor = (what: string) =>
  z
    .string({ error: `${what} must be a whole number of minor units, as a string` })
    .regex(/^[0-9]{1,15}$/, `${what} must be a whole number of minor units, as a string`);

export const BonusRewardSchema = z.discriminatedUnion('kind', [
  /** A share of the triggering deposit, in basis points (10 000 = 100%), at most `capMinor`. */
  z.object({
    kind: z.literal('PERCENT'),
    percentBp: z.number().int().min(1).max(100_000),
    capMinor: minor('capMinor'),
  }),
  z.object({ kind: z.literal('FIXED'), amountMinor: minor('amountMinor') }),
]);

/**
 * What a grant must wager before release, snapshotted on each grant: the bonus (and the deposit
 * when `includesDeposit`) × `multiplier`, counted from valid bets × the category's weight in
 * percent. A category without a weight counts 0%.
 */
export const WageringSchema = z.object({
  multiplier: z.number().int().min(0).max(MAX_WAGERING_MULTIPLIER, `at most ${MAX_WAGERING_MULTIPLIER}×`),
  includesDeposit: z.boolean(),
  weightsPercent: z.partialRecord(GameCategorySchema, z.number().int().min(0).max(100)),
  /** The largest stake per bet while wagering; null: no limit. */
  maxStakeMinor: minor('maxStakeMinor').nullable(),
});

/**
 * What withdrawing real money does to a bonus still wagering (ADR 059), stated in the terms
 * before the member accepts: FORFEIT — the withdrawal goes through and the bonus is forfeited;
 * BLOCK — the withdrawal is refused until the wagering is met. Terms without it: FORFEIT (real
 * money is never held back by default).
 */
export const WITHDRAWAL_RULES = ['FORFEIT', 'BLOCK'] as const;
export type WithdrawalRule = (typeof WITHDRAWAL_RULES)[number];
export const DEFAULT_WITHDRAWAL_RULE: WithdrawalRule = 'FORFEIT';

/** What two accounts of one person share (ADR 060, ADR 077): what the new-player rule may count. */
export const SHARED_TRAITS = ['PAYEE_NAME', 'ADDRESS', 'DEVICE'] as const;
export type SharedTraitKind = (typeof SHARED_TRAITS)[number];

/** The longest a grant may wait for its wagering before it expires. */
export const MAX_EXPIRY_DAYS = 365;

export const BonusTermsSchema = z.object({
  reward: BonusRewardSchema,
  wagering: WageringSchema,
  withdrawalRule: z.enum(WITHDRAWAL_RULES).optional(),
  /**
   * Days after the grant by which the wagering must be met; then the grant expires and what it
   * holds of the bonus balance (its winnings too) is forfeited to the house (ADR 066). Absent:
   * it never expires.
   */
  expiresInDays: z.number().int().min(1).max(MAX_EXPIRY_DAYS, `at most ${MAX_EXPIRY_DAYS} days`).optional(),
  /**
   * Whether the member may cancel the grant while it is wagering (ADR 066): a cancel forfeits what
   * the grant holds of the bonus balance, its winnings too, to the house. Absent: the member may.
   */
  memberMayCancel: z.boolean().optional(),
  /**
   * Refuse the bonus to a member sharing a payee name, an address or a browser with an account that
   * had a new-player bonus (ADR 066, ADR 077). Absent: on for NEW_PLAYER promotions only.
   */
  refuseSharedAccounts: z.boolean().optional(),
  /**
   * Which shared traits refuse under that rule (ADR 077): an operator may count only the browser,
   * so that strangers behind one carrier address are not turned away. Absent: all three.
   */
  refusingTraits: z
    .array(z.enum(SHARED_TRAITS, `refusingTraits holds only ${SHARED_TRAITS.join(', ')}`))
    .min(1, 'refusingTraits needs at least one trait: to refuse none, turn refuseSharedAccounts off')
    .max(SHARED_TRAITS.length)
    .refine((traits) => new Set(traits).size === traits.length, 'refusingTraits names a trait twice')
    .optional(),
});
export type BonusTerms = z.infer<typeof BonusTermsSchema>;

/**
 * The terms as a member reads them before claiming (the detail page): the withdrawal rule always
 * stated, the default filled in, so the lobby never has to guess it.
 */
export const StatedTermsSchema = BonusTermsSchema.extend({ withdrawalRule: z.enum(WITHDRAWAL_RULES) });
export type StatedTerms = z.infer<typeof StatedTermsSchema>;

/** The terms with their withdrawal rule stated (FORFEIT when the promotion set none). */
export function statedTerms(terms: BonusTerms): StatedTerms {
  return { ...terms, withdrawalRule: terms.withdrawalRule ?? DEFAULT_WITHDRAWAL_RULE };
}

export const BONUS_STATUSES = ['ACTIVE', 'RELEASED', 'FORFEITED'] as const;

export const MemberBonusSchema = z.object({
  id: bigintId(),
  promotionTitle: text(),
  grantedAt: text(),
  bonusMinor: MinorUnitsSchema,
  depositMinor: MinorUnitsSchema,
  requiredMinor: MinorUnitsSchema,
  wageredMinor: MinorUnitsSchema,
  status: z.enum(BONUS_STATUSES),
  closedAt: text().nullable(),
  closedReason: text().nullable(),
  multiplier: z.number().int(),
  includesDeposit: z.boolean(),
  /** Category → weight in percent; categories not listed count 0%. */
  weightsPercent: z.partialRecord(GameCategorySchema, z.number().int()),
  maxStakeMinor: MinorUnitsSchema.nullable(),
  /** What a withdrawal of real money does while this bonus is wagering. */
  withdrawalRule: z.enum(WITHDRAWAL_RULES),
  /** When an unmet wagering forfeits it (EXPIRED); null: never. */
  expiresAt: text().nullable(),
  /** The member may cancel it now, forfeiting what is left of it and its winnings. */
  cancellable: z.boolean(),
});
export type MemberBonus = z.infer<typeof MemberBonusSchema>;

export const MemberBonusesSchema = z.object({
  bonuses: z.array(MemberBonusSchema),
  /** Bonus money not yet released: it cannot be withdrawn or transferred. */
  heldMinor: MinorUnitsSchema,
});
export type MemberBonuses = z.infer<typeof MemberBonusesSchema>;

export const BonusGrantParamsSchema = z.object({ id: bigintId('not a bonus grant id') });

/** The language of the promotions' titles (else English). */
export const MemberBonusesQuerySchema = z.object({ lang: LanguageCodeSchema.default('EN') });

export const PromotionOpsPaths = {
  promotions: '/ops/promotions',
  status: '/ops/promotions/:id/status',
  grants: '/ops/promotions/:id/grants',
  revoke: '/ops/bonus-grants/:id/revoke',
} as const;

export const PROMOTION_STATUSES = ['ACTIVE', 'PAUSED', 'ENDED'] as const;
export const PromotionStatusSchema = z.enum(PROMOTION_STATUSES, {
  error: `must be one of ${PROMOTION_STATUSES.join(', ')}`,
});

/** A promotion as operators see it: its schedule, its budget and what its grants took of it. */
export const OpsPromotionSchema = z.object({
  id: bigintId(),
  code: text(),
  type: text(),
  title: text(),
  status: PromotionStatusSchema,
  trigger: text(),
  automatic: z.boolean(),
  startsAt: text(),
  endsAt: text().nullable(),
  perMemberLimit: z.number().int(),
  budgetMinor: MinorUnitsSchema,
  spentMinor: MinorUnitsSchema,
  grants: z.number().int(),
  activeGrants: z.number().int(),
  terms: BonusTermsSchema,
});
export type OpsPromotion = z.infer<typeof OpsPromotionSchema>;

export const PromotionParamsSchema = z.object({ id: bigintId('not a promotion id') });
export const PROMOTION_REASON_MAX = 500;
/** Pause, resume or end a promotion; ENDED is final. Grants already given keep their terms. */
export const SetPromotionStatusSchema = z.object({
  status: PromotionStatusSchema,
  reason: plainText()
    .trim()
    .min(3, 'say why the status changes')
    .max(PROMOTION_REASON_MAX, `at most ${PROMOTION_REASON_MAX} characters`),
});
export type SetPromotionStatus = z.input<typeof SetPromotionStatusSchema>;

const operatorReason = (what: string) =>
  plainText()
    .trim()
    .min(3, `say why ${what}`)
    .max(PROMOTION_REASON_MAX, `at most ${PROMOTION_REASON_MAX} characters`);

/** A bonus an operator grants by hand from a promotion's budget, under its wagering terms. */
export const ManualGrantSchema = z.object({
  memberId: bigintId('not a member id'),
  amountMinor: minor('amountMinor').regex(/[1-9]/, 'must be more than 0'),
  reason: operatorReason('the bonus is granted'),
});
export type ManualGrant = z.input<typeof ManualGrantSchema>;

/** Revoking an unreleased bonus returns it to its promotion's budget. */
export const RevokeGrantSchema = z.object({ reason: operatorReason('the bonus is revoked') });
export type RevokeGrant = z.input<typeof RevokeGrantSchema>;

export const OpsBonusGrantSchema = z.object({
  id: bigintId(),
  promotionId: bigintId(),
  memberId: bigintId(),
  bonusMinor: MinorUnitsSchema,
  requiredMinor: MinorUnitsSchema,
  status: z.enum(BONUS_STATUSES),
  closedReason: text().nullable(),
});
export type OpsBonusGrant = z.infer<typeof OpsBonusGrantSchema>;

export const PromotionOpsCalls = {
  promotions: defineCall({
    method: 'GET',
    path: PromotionOpsPaths.promotions,
    response: envelopeOf(z.object({ promotions: z.array(OpsPromotionSchema) })),
  }),
  setStatus: defineCall({
    method: 'POST',
    path: PromotionOpsPaths.status,
    params: PromotionParamsSchema,
    body: SetPromotionStatusSchema,
    response: envelopeOf(OpsPromotionSchema),
  }),
  grant: defineCall({
    method: 'POST',
    path: PromotionOpsPaths.grants,
    params: PromotionParamsSchema,
    body: ManualGrantSchema,
    response: envelopeOf(OpsBonusGrantSchema),
  }),
  revoke: defineCall({
    method: 'POST',
    path: PromotionOpsPaths.revoke,
    params: BonusGrantParamsSchema,
    body: RevokeGrantSchema,
    response: envelopeOf(OpsBonusGrantSchema),
  }),
};

/** A running promotion as the lobby's promotions page shows it; its body is sanitised HTML. */
export const RunningPromotionSchema = z.object({
  id: bigintId(),
  code: text(),
  type: text(),
  title: text(),
  bodyHtml: text(),
  startsAt: text(),
  endsAt: text().nullable(),
  /** Granted by its trigger with no claim (the first-deposit bonus). */
  automatic: z.boolean(),
  /** What earns it: the trigger and its figures. */
  ...PromotionEarningSchema.shape,
  /** What the member gets and must wager, stated before any claim. */
  terms: StatedTermsSchema,
  /** How many times one member may get it. */
  perMemberLimit: z.number().int(),
});
export type RunningPromotion = z.infer<typeof RunningPromotionSchema>;

export const PromotionCalls = {
  running: defineCall({
    method: 'GET',
    path: PromotionPaths.running,
    query: MemberBonusesQuerySchema,
    response: envelopeOf(z.object({ promotions: z.array(RunningPromotionSchema) })),
  }),
  bonuses: defineCall({
    method: 'GET',
    path: PromotionPaths.bonuses,
    query: MemberBonusesQuerySchema,
    response: envelopeOf(MemberBonusesSchema),
  }),
  /** The member cancels a bonus still wagering: it is forfeited (CANCELLED); a replay answers the same. */
  cancel: defineCall({
    method: 'POST',
    path: PromotionPaths.cancel,
    params: BonusGrantParamsSchema,
    query: MemberBonusesQuerySchema,
    response: envelopeOf(MemberBonusSchema),
  }),
};
