import { z } from 'zod';
import { defineCall } from './call.ts';
import { envelopeOf } from './envelope.ts';
import { bigintId, text } from './input-guard.ts';
import { plainText } from './plain-text.ts';
import {
  BonusTermsSchema,
  OpsPromotionSchema,
  PromotionOpsPaths,
  PromotionParamsSchema,
} from './promotions.ts';
import { LanguageCodeSchema } from './system.ts';

/**
 * Operators create and edit promotions without code (issue 18, ADR 058). Each rule of a grant is
 * a field here: type, texts, schedule, audience, trigger, reward and wagering, limits and budget.
 */

/** The promotions page's type filters (spec 2.12). */
export const PROMOTION_TYPES = [
  'SPORTS',
  'LIVE',
  'SLOTS',
  'CARD_GAMES',
  'FISHING',
  'LOTTO',
  'REBATE',
  'POINTS_MALL',
  'RANKING',
  'DEPOSIT',
  'DOWNLOAD',
  'NEW_PLAYER',
  'GAMING',
] as const;
export const PromotionTypeSchema = z.enum(PROMOTION_TYPES, {
  error: `must be one of ${PROMOTION_TYPES.join(', ')}`,
});
export type PromotionType = z.infer<typeof PromotionTypeSchema>;

/**
 * What makes a member eligible. Deposit triggers grant on the deposit itself (automatic);
 * VALID_BETS and SIGN_UP are claimed by the member; MANUAL_APPLICATION goes through an
 * operator's review of the member's application.
 */
export const PROMOTION_TRIGGERS = [
  'DEPOSIT',
  'FIRST_DEPOSIT',
  'VALID_BETS',
  'SIGN_UP',
  'MANUAL_APPLICATION',
] as const;
export const PromotionTriggerSchema = z.enum(PROMOTION_TRIGGERS, {
  error: `must be one of ${PROMOTION_TRIGGERS.join(', ')}`,
});
export type PromotionTrigger = z.infer<typeof PromotionTriggerSchema>;
export const DEPOSIT_TRIGGERS: readonly PromotionTrigger[] = ['DEPOSIT', 'FIRST_DEPOSIT'];

/** Who may get it: everyone, members who signed up within NEW_PLAYER_DAYS, or a list of members. */
export const PROMOTION_AUDIENCES = ['ALL', 'NEW_PLAYERS', 'MEMBERS'] as const;
export const PromotionAudienceSchema = z.enum(PROMOTION_AUDIENCES, {
  error: `must be one of ${PROMOTION_AUDIENCES.join(', ')}`,
});
export type PromotionAudience = z.infer<typeof PromotionAudienceSchema>;
export const NEW_PLAYER_DAYS = 30;
export const AUDIENCE_LIST_MAX = 1000;

export const PROMOTION_TITLE_MAX = 120;
export const PROMOTION_BODY_MAX = 20_000;
export const PROMOTION_PER_MEMBER_MAX = 1000;

const instant = z.iso.datetime({ offset: true, error: 'must be an ISO date-time with an offset' });
const minorAmount = (what: string) =>
  z
    .string({ error: `${what} must be a whole number of minor units, as a string` })
    .regex(/^[0-9]{1,15}$/, `${what} must be a whole number of minor units, as a string`);

const PromotionTextSchema = z.object({
  title: plainText().trim().min(1, 'a title is needed').max(PROMOTION_TITLE_MAX),
  /** Cleaned by the server's sanitiser when written and again when read. */
  bodyHtml: text().max(PROMOTION_BODY_MAX, `at most ${PROMOTION_BODY_MAX} characters`),
});

/** Everything an operator sets; the code is fixed at creation. */
const promotionFields = {
  type: PromotionTypeSchema,
  texts: z
    .partialRecord(LanguageCodeSchema, PromotionTextSchema)
    .refine((texts) => texts.EN !== undefined, 'an EN text is needed: other languages fall back to it'),
  startsAt: instant,
  endsAt: instant.nullable(),
  audience: PromotionAudienceSchema,
  /** The members of a MEMBERS audience; empty for the others. */
  audienceMemberIds: z.array(bigintId('not a member id')).max(AUDIENCE_LIST_MAX).default([]),
  trigger: PromotionTriggerSchema,
  /** VALID_BETS: the valid bets since the start a member needs before claiming. */
  thresholdMinor: minorAmount('thresholdMinor').nullable().default(null),
  automatic: z.boolean(),
  terms: BonusTermsSchema,
  perMemberLimit: z.number().int().min(1).max(PROMOTION_PER_MEMBER_MAX),
  budgetMinor: minorAmount('budgetMinor'),
};

type Fields = z.infer<z.ZodObject<typeof promotionFields>>;

/** The rules between fields, each naming the field that breaks it. */
function fieldsAgree(fields: Fields, context: z.RefinementCtx): void {
  const problem = (path: string, message: string) =>
    context.addIssue({ code: 'custom', path: [path], message });
  if (fields.endsAt !== null && Date.parse(fields.endsAt) <= Date.parse(fields.startsAt))
    problem('endsAt', 'endsAt must be after startsAt');
  if (fields.audience === 'MEMBERS' && fields.audienceMemberIds.length === 0)
    problem('audienceMemberIds', 'a MEMBERS audience needs at least one member id');
  if (fields.audience !== 'MEMBERS' && fields.audienceMemberIds.length > 0)
    problem('audienceMemberIds', 'only a MEMBERS audience takes member ids');
  const depositTriggered = DEPOSIT_TRIGGERS.includes(fields.trigger);
  if (depositTriggered !== fields.automatic)
    problem(
      'automatic',
      depositTriggered
        ? 'a deposit trigger grants on the deposit itself: automatic must be true'
        : 'only deposit triggers grant automatically: automatic must be false',
    );
  if (fields.trigger === 'VALID_BETS' ? fields.thresholdMinor === null : fields.thresholdMinor !== null)
    problem('thresholdMinor', 'a VALID_BETS trigger needs a threshold, and only it takes one');
  if (
    fields.terms.reward.kind === 'PERCENT' &&
    (fields.trigger === 'SIGN_UP' || fields.trigger === 'MANUAL_APPLICATION')
  )
    problem('terms', 'a percentage needs a deposit or valid bets to be a share of: use a FIXED reward');
  if (fields.terms.reward.kind === 'FIXED' && !/[1-9]/.test(fields.terms.reward.amountMinor))
    problem('terms', 'a FIXED reward must be more than 0');
  if (fields.terms.reward.kind === 'PERCENT' && !/[1-9]/.test(fields.terms.reward.capMinor))
    problem('terms', 'a PERCENT reward needs a cap above 0');
}

export const PROMOTION_CODE_PATTERN = /^[A-Z][A-Z0-9_]{2,39}$/;

export const CreatePromotionSchema = z
  .object({
    code: text().regex(
      PROMOTION_CODE_PATTERN,
      '3 to 40 capital letters, digits or _, starting with a letter',
    ),
    ...promotionFields,
  })
  .superRefine(fieldsAgree);
export type CreatePromotion = z.input<typeof CreatePromotionSchema>;
export type CreatePromotionFields = z.output<typeof CreatePromotionSchema>;

/** An edit replaces every field but the code, and says why; grants already given keep their terms. */
export const EditPromotionSchema = z
  .object({
    ...promotionFields,
    reason: plainText().trim().min(3, 'say why the promotion changes').max(500),
  })
  .superRefine(fieldsAgree);
export type EditPromotion = z.input<typeof EditPromotionSchema>;
export type EditPromotionFields = z.output<typeof EditPromotionSchema>;

/** A promotion as operators edit it: the list's view plus its texts and audience. */
export const OpsPromotionDetailSchema = OpsPromotionSchema.extend({
  version: z.number().int(),
  texts: z.partialRecord(LanguageCodeSchema, z.object({ title: text(), bodyHtml: text() })),
  audience: PromotionAudienceSchema,
  audienceMemberIds: z.array(bigintId()),
  thresholdMinor: text().nullable(),
});
export type OpsPromotionDetail = z.infer<typeof OpsPromotionDetailSchema>;

export const PromotionSetupPaths = {
  create: PromotionOpsPaths.promotions,
  one: '/ops/promotions/:id',
} as const;

export const PromotionSetupCalls = {
  create: defineCall({
    method: 'POST',
    path: PromotionSetupPaths.create,
    body: CreatePromotionSchema,
    response: envelopeOf(OpsPromotionDetailSchema),
  }),
  one: defineCall({
    method: 'GET',
    path: PromotionSetupPaths.one,
    params: PromotionParamsSchema,
    response: envelopeOf(OpsPromotionDetailSchema),
  }),
  edit: defineCall({
    method: 'PUT',
    path: PromotionSetupPaths.one,
    params: PromotionParamsSchema,
    body: EditPromotionSchema,
    response: envelopeOf(OpsPromotionDetailSchema),
  }),
};
