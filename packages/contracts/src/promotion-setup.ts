import { z } from 'zod';
import { defineCall } from './call.ts';
import { envelopeOf } from './envelope.ts';
import { bigintId, text } from './input-guard.ts';
import { plainText } from './plain-text.ts';
import { type PromotionTrigger, PromotionTriggerSchema } from './promotion-triggers.ts';
import {
  BonusTermsSchema,
  OpsPromotionSchema,
  PromotionOpsPaths,
  PromotionParamsSchema,
} from './promotions.ts';
import { REBATE_LEVELS, RebateLevelSchema } from './rebates.ts';
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

export const DEPOSIT_TRIGGERS: readonly PromotionTrigger[] = ['DEPOSIT', 'FIRST_DEPOSIT', 'NTH_DEPOSIT'];
/** NTH_DEPOSIT: which credited deposit grants it, the 2nd at the least (the 1st is FIRST_DEPOSIT). */
export const DEPOSIT_ORDINAL_MIN = 2;
export const DEPOSIT_ORDINAL_MAX = 100;
/** LOSS: the longest window a net loss is counted over. */
export const LOSS_WINDOW_MAX_DAYS = 31;

/**
 * Who may get it: everyone, members who signed up within NEW_PLAYER_DAYS, a list of members, the
 * members of some levels (the rebate levels, ADR 073: DEFAULT until VIP levels exist), or the
 * whole lines (every level below) of some agents.
 */
export const PROMOTION_AUDIENCES = ['ALL', 'NEW_PLAYERS', 'MEMBERS', 'VIP_LEVELS', 'AGENT_LINES'] as const;
export const PromotionAudienceSchema = z.enum(PROMOTION_AUDIENCES, {
  error: `must be one of ${PROMOTION_AUDIENCES.join(', ')}`,
});
export type PromotionAudience = z.infer<typeof PromotionAudienceSchema>;
export const NEW_PLAYER_DAYS = 30;
export const AUDIENCE_LIST_MAX = 1000;
export const AUDIENCE_AGENTS_MAX = 50;

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
  /** The levels of a VIP_LEVELS audience; empty for the others. */
  audienceLevels: z.array(RebateLevelSchema).max(REBATE_LEVELS.length).default([]),
  /** The agents whose whole lines are a AGENT_LINES audience; empty for the others. */
  audienceAgentIds: z.array(bigintId('not an agent id')).max(AUDIENCE_AGENTS_MAX).default([]),
  trigger: PromotionTriggerSchema,
  /**
   * VALID_BETS: the valid bets since the start a member needs before claiming; LOSS: the least net
   * loss over the window that earns the cashback.
   */
  thresholdMinor: minorAmount('thresholdMinor').nullable().default(null),
  /** NTH_DEPOSIT: which of the member's credited deposits grants it (2 = the second). */
  depositOrdinal: z
    .number({ error: 'depositOrdinal must be a whole number' })
    .int('depositOrdinal must be a whole number')
    .min(
      DEPOSIT_ORDINAL_MIN,
      `depositOrdinal must be at least ${DEPOSIT_ORDINAL_MIN}: the first deposit is FIRST_DEPOSIT`,
    )
    .max(DEPOSIT_ORDINAL_MAX, `depositOrdinal must be at most ${DEPOSIT_ORDINAL_MAX}`)
    .nullable()
    .default(null),
  /** LOSS: the window whose net loss (stakes less payouts of settled rounds) the cashback is a share of. */
  lossWindow: z.object({ startsAt: instant, endsAt: instant }).nullable().default(null),
  automatic: z.boolean(),
  terms: BonusTermsSchema,
  perMemberLimit: z.number().int().min(1).max(PROMOTION_PER_MEMBER_MAX),
  /**
   * How many grants one address may have, whoever the members (ADR 073): the address is the
   * member's last login address, else the sign-up one. null: no limit per address.
   */
  perAddressLimit: z
    .number({ error: 'perAddressLimit must be a whole number or null' })
    .int('perAddressLimit must be a whole number')
    .min(1, 'perAddressLimit must be at least 1')
    .max(PROMOTION_PER_MEMBER_MAX, `perAddressLimit must be at most ${PROMOTION_PER_MEMBER_MAX}`)
    .nullable()
    .default(null),
  /**
   * How many grants one browser may have, whoever the members (ADR 077): the device is the one
   * the member last registered or logged in with. null: no limit per device.
   */
  perDeviceLimit: z
    .number({ error: 'perDeviceLimit must be a whole number or null' })
    .int('perDeviceLimit must be a whole number')
    .min(1, 'perDeviceLimit must be at least 1')
    .max(PROMOTION_PER_MEMBER_MAX, `perDeviceLimit must be at most ${PROMOTION_PER_MEMBER_MAX}`)
    .nullable()
    .default(null),
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
  if ((fields.audience === 'VIP_LEVELS') !== fields.audienceLevels.length > 0)
    problem('audienceLevels', 'a VIP_LEVELS audience needs at least one level, and only it takes levels');
  if ((fields.audience === 'AGENT_LINES') !== fields.audienceAgentIds.length > 0)
    problem(
      'audienceAgentIds',
      'an AGENT_LINES audience needs at least one agent id, and only it takes them',
    );
  const depositTriggered = DEPOSIT_TRIGGERS.includes(fields.trigger);
  if (depositTriggered !== fields.automatic)
    problem(
      'automatic',
      depositTriggered
        ? 'a deposit trigger grants on the deposit itself: automatic must be true'
        : 'only deposit triggers grant automatically: automatic must be false',
    );
  const thresholded = fields.trigger === 'VALID_BETS' || fields.trigger === 'LOSS';
  if (thresholded ? fields.thresholdMinor === null : fields.thresholdMinor !== null)
    problem('thresholdMinor', 'VALID_BETS and LOSS triggers need a threshold, and only they take one');
  triggerFieldsAgree(fields, problem);
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

const DAY_MS = 86_400_000;

/** NTH_DEPOSIT and LOSS: their own fields, each given once per member (ADR 073). */
function triggerFieldsAgree(fields: Fields, problem: (path: string, message: string) => void): void {
  if ((fields.trigger === 'NTH_DEPOSIT') !== (fields.depositOrdinal !== null))
    problem('depositOrdinal', 'an NTH_DEPOSIT trigger needs depositOrdinal, and only it takes one');
  if ((fields.trigger === 'LOSS') !== (fields.lossWindow !== null))
    problem('lossWindow', 'a LOSS trigger needs a lossWindow, and only it takes one');
  if ((fields.trigger === 'NTH_DEPOSIT' || fields.trigger === 'LOSS') && fields.perMemberLimit !== 1)
    problem(
      'perMemberLimit',
      `a member has one ${fields.trigger === 'LOSS' ? 'loss per window' : 'Nth deposit'}: perMemberLimit must be 1`,
    );
  const window = fields.lossWindow;
  if (!window) return;
  const from = Date.parse(window.startsAt);
  const to = Date.parse(window.endsAt);
  if (to <= from) problem('lossWindow', 'lossWindow.endsAt must be after lossWindow.startsAt');
  else if (to - from > LOSS_WINDOW_MAX_DAYS * DAY_MS)
    problem('lossWindow', `a lossWindow is at most ${LOSS_WINDOW_MAX_DAYS} days`);
  // The cashback is claimed once the window has closed: the promotion must still run then.
  if (fields.endsAt !== null && Date.parse(fields.endsAt) <= to)
    problem('lossWindow', 'the promotion must end after its lossWindow, or members could never claim');
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
  audienceLevels: z.array(text()),
  audienceAgentIds: z.array(bigintId()),
  thresholdMinor: text().nullable(),
  depositOrdinal: z.number().int().nullable(),
  perAddressLimit: z.number().int().nullable(),
  perDeviceLimit: z.number().int().nullable(),
  lossWindow: z.object({ startsAt: text(), endsAt: text() }).nullable(),
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
