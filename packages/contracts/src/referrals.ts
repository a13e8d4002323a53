import { z } from 'zod';
import { PageInfoShape, pageShape } from './agent.ts';
import { defineCall } from './call.ts';
import { envelopeOf } from './envelope.ts';
import { bigintId, text } from './input-guard.ts';
import { plainText } from './plain-text.ts';
import { MinorUnitsSchema } from './wallet.ts';

/**
 * Invite friends (issue 18, spec 1 and 2.6 referral, ADR 060): every member has a referral code
 * and link; a friend who registers with it and completes the programme's condition earns the
 * member the programme's reward once, through the promotions' grant path. Agents invite through
 * their register centre instead (spec 2.5); their invitation code is another thing.
 */
export const ReferralPaths = {
  mine: '/wps/referral',
  programme: '/wps/referral/programme',
} as const;

export const ReferralOpsPaths = {
  programme: '/ops/referral/programme',
  abuseFlags: '/ops/abuse-flags',
} as const;

/** A member's referral code: ten characters, so it never reads as an agent's eight-character invitation code. */
export const REFERRAL_CODE_LENGTH = 10;
export const REFERRAL_REASON_MAX = 500;

const minorAmount = (field: string) =>
  z
    .string({ error: `${field} must be a whole number of minor units, as a string` })
    .regex(/^[0-9]{1,15}$/, `${field} must be a whole number of minor units, as a string`);

export const ReferralProgrammeSchema = z.object({
  /** The public state's `availablePromo.REFERRAL.enabled` (spec 3): the lobby offers invite friends only then. */
  availablePromo: z.object({ REFERRAL: z.object({ enabled: z.boolean() }) }),
  rewardMinor: MinorUnitsSchema,
  /** The friend's first credited deposit must be at least this; null: no deposit condition. */
  minFirstDepositMinor: MinorUnitsSchema.nullable(),
  /** The friend's valid bets since registering must reach this; null: no betting condition. */
  minValidBetsMinor: MinorUnitsSchema.nullable(),
  /** The wagering the reward carries before release; 0: paid straight to the main wallet. */
  wageringMultiplier: z.number().int(),
});
export type ReferralProgramme = z.infer<typeof ReferralProgrammeSchema>;
export const ReferralProgrammeResponseSchema = envelopeOf(ReferralProgrammeSchema);

export const REFERRAL_STATES = ['PENDING', 'REWARDED', 'NOT_ELIGIBLE'] as const;
export const InviteeSchema = z.object({
  /** Masked: enough to recognise a friend, not enough to find anyone. */
  name: text(),
  registeredAt: text(),
  state: z.enum(REFERRAL_STATES),
  rewardMinor: MinorUnitsSchema.nullable(),
  rewardedAt: text().nullable(),
});
export type Invitee = z.infer<typeof InviteeSchema>;

export const MyReferralsSchema = z.object({
  code: text(),
  invitees: z.array(InviteeSchema),
  totalRewardMinor: MinorUnitsSchema,
  programme: ReferralProgrammeSchema,
});
export type MyReferrals = z.infer<typeof MyReferralsSchema>;
export const MyReferralsResponseSchema = envelopeOf(MyReferralsSchema);

export const SetReferralProgrammeSchema = z
  .object({
    enabled: z.boolean({ error: 'must be true or false' }),
    /** The promotion (trigger REFERRAL) whose budget pays and whose wagering terms the reward carries. */
    promotionId: bigintId('must be a numeric promotion id'),
    // Checked only once the pattern holds: a string that is not digits never reaches BigInt.
    rewardMinor: minorAmount('rewardMinor').refine(
      (value) => !/^[0-9]{1,15}$/.test(value) || BigInt(value) > 0n,
      'must be above 0',
    ),
    minFirstDepositMinor: minorAmount('minFirstDepositMinor').nullable(),
    minValidBetsMinor: minorAmount('minValidBetsMinor').nullable(),
    reason: plainText()
      .trim()
      .min(3, 'say why the programme changes')
      .max(REFERRAL_REASON_MAX, `at most ${REFERRAL_REASON_MAX} characters`),
  })
  .refine((value) => value.minFirstDepositMinor !== null || value.minValidBetsMinor !== null, {
    message: 'a first deposit or valid bets condition is needed',
    path: ['minFirstDepositMinor'],
  });
export type SetReferralProgramme = z.input<typeof SetReferralProgrammeSchema>;

export const OpsReferralProgrammeSchema = ReferralProgrammeSchema.extend({
  enabled: z.boolean(),
  promotionId: bigintId().nullable(),
  updatedAt: text().nullable(),
  updatedBy: text().nullable(),
});
export const OpsReferralProgrammeResponseSchema = envelopeOf(OpsReferralProgrammeSchema);

/** Why two accounts look like one person (issue 18 abuse). */
export const ABUSE_RULES = [
  'SELF_REFERRAL',
  'SHARED_PAYEE_NAME',
  'SHARED_ADDRESS',
  'SHARED_DEVICE',
  /** A new-player bonus refused: the account shares a trait with one that had one (ADR 066). */
  'NEW_PLAYER_BONUS_REFUSED',
] as const;
export const AbuseFlagsQuerySchema = z.object({
  memberId: bigintId('must be a numeric member id').optional(),
  ...pageShape,
});
export type AbuseFlagsQuery = z.input<typeof AbuseFlagsQuerySchema>;
export const AbuseFlagSchema = z.object({
  id: bigintId(),
  rule: z.enum(ABUSE_RULES),
  memberId: bigintId(),
  relatedMemberId: bigintId(),
  /** What the two accounts share, in words for the operator. */
  detail: text(),
  createdAt: text(),
});
export type AbuseFlag = z.infer<typeof AbuseFlagSchema>;
export const AbuseFlagsResponseSchema = envelopeOf(
  z.object({ items: z.array(AbuseFlagSchema), ...PageInfoShape }),
);

export const ReferralCalls = {
  mine: defineCall({ method: 'GET', path: ReferralPaths.mine, response: MyReferralsResponseSchema }),
  programme: defineCall({
    method: 'GET',
    path: ReferralPaths.programme,
    response: ReferralProgrammeResponseSchema,
  }),
};

export const ReferralOpsCalls = {
  programme: defineCall({
    method: 'GET',
    path: ReferralOpsPaths.programme,
    response: OpsReferralProgrammeResponseSchema,
  }),
  setProgramme: defineCall({
    method: 'PUT',
    path: ReferralOpsPaths.programme,
    body: SetReferralProgrammeSchema,
    response: OpsReferralProgrammeResponseSchema,
  }),
  abuseFlags: defineCall({
    method: 'GET',
    path: ReferralOpsPaths.abuseFlags,
    query: AbuseFlagsQuerySchema,
    response: AbuseFlagsResponseSchema,
  }),
};
