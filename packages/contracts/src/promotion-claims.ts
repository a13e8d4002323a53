import { z } from 'zod';
import { defineCall } from './call.ts';
import { envelopeOf } from './envelope.ts';
import { bigintId, text } from './input-guard.ts';
import { PromotionTriggerSchema, PromotionTypeSchema } from './promotion-setup.ts';
import { MemberBonusesQuerySchema, PromotionParamsSchema } from './promotions.ts';
import { MinorUnitsSchema } from './wallet.ts';

/**
 * A member's side of the promotions (issue 18, ADR 058): each promotion of the member's audience
 * with the member's status in it (spec 4.10), and the claim of one that is claimable now.
 *
 * - COMING_SOON: it starts later; CLOSE: paused, ended or its budget spent;
 * - JOIN: an automatic one (deposit to get it) or an application not yet made;
 * - JOINED: an automatic one the member got, up to its limit;
 * - PROCESS: valid bets still short of its threshold; CLAIM: claimable now; CLAIMED: claimed;
 * - APPLYING: an application waits for review; REJECTED: the last one was rejected (apply again);
 *   ISSUED: an application was approved and its bonus given.
 */
export const MEMBER_PROMOTION_STATUSES = [
  'COMING_SOON',
  'CLOSE',
  'JOIN',
  'JOINED',
  'PROCESS',
  'CLAIM',
  'CLAIMED',
  'APPLYING',
  'REJECTED',
  'ISSUED',
] as const;
export const MemberPromotionStatusSchema = z.enum(MEMBER_PROMOTION_STATUSES);
export type MemberPromotionStatus = z.infer<typeof MemberPromotionStatusSchema>;

export const MemberPromotionSchema = z.object({
  id: bigintId(),
  type: PromotionTypeSchema,
  trigger: PromotionTriggerSchema,
  title: text(),
  /** Sanitised HTML. */
  bodyHtml: text(),
  startsAt: text(),
  endsAt: text().nullable(),
  status: MemberPromotionStatusSchema,
  /** VALID_BETS: the member's valid bets since the start, and the threshold to reach. */
  progressMinor: MinorUnitsSchema.nullable(),
  thresholdMinor: MinorUnitsSchema.nullable(),
  /** The operator's note on the last rejected application. */
  rejectionNote: text().nullable(),
});
export type MemberPromotion = z.infer<typeof MemberPromotionSchema>;

export const MemberPromotionsSchema = z.object({
  promotions: z.array(MemberPromotionSchema),
  /** How many are claimable now: the reward centre's red badge (spec 2.6, 3 availablePromoCount). */
  availablePromoCount: z.number().int(),
});
export type MemberPromotions = z.infer<typeof MemberPromotionsSchema>;

export const ClaimedBonusSchema = z.object({
  grantId: bigintId(),
  bonusMinor: MinorUnitsSchema,
  requiredMinor: MinorUnitsSchema,
});
export type ClaimedBonus = z.infer<typeof ClaimedBonusSchema>;

export const PromotionClaimPaths = {
  mine: '/wps/promotions/mine',
  claim: '/wps/promotions/:id/claim',
} as const;

export const PromotionClaimCalls = {
  mine: defineCall({
    method: 'GET',
    path: PromotionClaimPaths.mine,
    query: MemberBonusesQuerySchema,
    response: envelopeOf(MemberPromotionsSchema),
  }),
  claim: defineCall({
    method: 'POST',
    path: PromotionClaimPaths.claim,
    params: PromotionParamsSchema,
    response: envelopeOf(ClaimedBonusSchema),
  }),
};
