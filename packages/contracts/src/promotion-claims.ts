import { z } from 'zod';
import { defineCall } from './call.ts';
import { envelopeOf } from './envelope.ts';
import { bigintId, text } from './input-guard.ts';
import { PromotionTypeSchema } from './promotion-setup.ts';
import { PromotionEarningSchema } from './promotion-triggers.ts';
import { MemberBonusesQuerySchema, PromotionParamsSchema, StatedTermsSchema } from './promotions.ts';
import { MinorUnitsSchema } from './wallet.ts';

/**
 * A member's side of the promotions (issue 18, ADR 058): each promotion of the member's audience
 * with the member's status in it (spec 4.10), and the claim of one that is claimable now.
 *
 * - COMING_SOON: it starts later; CLOSE: paused, ended or its budget spent;
 * - JOIN: an automatic one (deposit to get it) or an application not yet made;
 * - JOINED: an automatic one the member got, up to its limit;
 * - PROCESS: valid bets still short of its threshold, or a loss window still counting; CLAIM: claimable now; CLAIMED: claimed;
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
  /** What earns it: the trigger and its figures (the threshold, the deposit's ordinal, the loss window). */
  ...PromotionEarningSchema.shape,
  title: text(),
  /** Sanitised HTML. */
  bodyHtml: text(),
  startsAt: text(),
  endsAt: text().nullable(),
  status: MemberPromotionStatusSchema,
  /**
   * VALID_BETS: the member's valid bets since the start, towards `thresholdMinor`; LOSS: the
   * member's net loss over the window so far, towards the least loss that earns the cashback.
   */
  progressMinor: MinorUnitsSchema.nullable(),
  /** The operator's note on the last rejected application. */
  rejectionNote: text().nullable(),
  /** What the member gets and must wager, stated before any claim. */
  terms: StatedTermsSchema,
  perMemberLimit: z.number().int(),
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

/**
 * Why a claim was refused, in the failure's value as `reason`, so the lobby can say it in the
 * member's language: NOT_OFFERED (403, not in its audience); the rest 409.
 */
export const CLAIM_REFUSALS = [
  'NOT_OFFERED',
  'GIVEN_ON_DEPOSIT',
  'APPLIED_FOR',
  'NOT_STARTED',
  'CLOSED',
  'BETS_SHORT',
  /** LOSS: the window is still counting the loss; it is claimed once the window has closed (ADR 073). */
  'LOSS_COUNTING',
  /** LOSS: the net loss over the window is less than the threshold. */
  'LOSS_SHORT',
  'CHANGED',
  'ALREADY_CLAIMED',
  'BUDGET_SPENT',
  /** The promotion has been given to the member's address as many times as it may (ADR 073). */
  'ADDRESS_LIMIT',
  /** The promotion has been given on the member's browser as many times as it may (ADR 077). */
  'DEVICE_LIMIT',
  /** The member shares a payee name, an address or a browser with an account that had a new-player bonus (ADR 066, 077). */
  'SHARED_ACCOUNT',
] as const;
export type ClaimRefusal = (typeof CLAIM_REFUSALS)[number];

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
