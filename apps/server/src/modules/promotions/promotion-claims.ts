import type { ClaimedBonus, MemberPromotions } from '@fortuna/contracts/promotion-claims';
import type { PromotionTrigger, PromotionType } from '@fortuna/contracts/promotion-setup';
import type { Database, Executor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { safeTextHtml } from '../../platform/safe-html.ts';
import { inAudience } from './audience.ts';
import { type MemberStanding, memberStatusOf } from './member-status.ts';
import { textIn } from './promotion-terms.ts';
import type { PromotionsService } from './promotions.service.ts';
import * as store from './promotions.store.ts';
import { validBetsSince } from './wagering.store.ts';

/** The last application of the member per promotion, with the operator's note when rejected. */
export type LastApplications = (
  db: Executor,
  memberId: bigint,
) => Promise<Map<bigint, { status: 'PENDING' | 'APPROVED' | 'REJECTED'; note: string | null }>>;

/** A member's valid bets (all categories, any stake) since the promotion's start. */
async function validBetsFor(db: Executor, memberId: bigint, promotion: store.PromotionRow): Promise<bigint> {
  const rows = await validBetsSince(db, memberId, promotion.startsAt, null);
  return rows.reduce((sum, row) => sum + row.validBetMinor, 0n);
}

/**
 * The member's side of promotions (ADR 058): the list with the member's status in each (spec
 * 4.10) and the claim. A claim grants through the promotions service's grant, whose one statement
 * holds the per-member limit and the budget under any concurrency (ADR 052).
 */
export function createPromotionClaims(
  db: Database,
  promotions: PromotionsService,
  lastApplications: LastApplications,
  now: () => Date = () => new Date(),
) {
  return {
    async mine(memberId: bigint, language: string): Promise<MemberPromotions> {
      const at = now();
      const [visible, grants, applications] = [
        await store.visibleAt(db, at),
        await store.grantCountsOf(db, memberId),
        await lastApplications(db, memberId),
      ];
      const listed: MemberPromotions['promotions'] = [];
      for (const promotion of visible) {
        if (!(await inAudience(db, promotion, memberId, at))) continue;
        const application = applications.get(promotion.id);
        const standing: MemberStanding = {
          grants: grants.get(promotion.id) ?? 0,
          validBetsMinor:
            promotion.trigger === 'VALID_BETS' ? await validBetsFor(db, memberId, promotion) : null,
          lastApplication: application?.status ?? null,
        };
        const text = textIn(promotion.texts, language);
        listed.push({
          id: promotion.id.toString(),
          type: promotion.type as PromotionType,
          trigger: promotion.trigger as PromotionTrigger,
          title: text.title,
          bodyHtml: safeTextHtml(text.bodyHtml),
          startsAt: promotion.startsAt.toISOString(),
          endsAt: promotion.endsAt?.toISOString() ?? null,
          status: memberStatusOf(promotion, standing, at),
          progressMinor: standing.validBetsMinor?.toString() ?? null,
          thresholdMinor: promotion.thresholdMinor?.toString() ?? null,
          rejectionNote: application?.status === 'REJECTED' ? application.note : null,
        });
      }
      return {
        promotions: listed,
        availablePromoCount: listed.filter((promotion) => promotion.status === 'CLAIM').length,
      };
    },

    /**
     * Claims a promotion that is claimed rather than automatic or applied for: in the member's
     * audience, running, the valid-bets threshold met; the grant holds the limit and the budget.
     */
    async claim(memberId: bigint, promotionId: bigint): Promise<ClaimedBonus> {
      return db.transaction(async (tx) => {
        const at = now();
        const promotion = await store.findPromotion(tx, promotionId);
        if (!promotion)
          throw new AppError('NOT_FOUND', { message: `No promotion has the id ${promotionId}` });
        if (!(await inAudience(tx, promotion, memberId, at))) {
          throw new AppError('FORBIDDEN', { message: 'This promotion is not offered to you' });
        }
        if (promotion.automatic) {
          throw new AppError('CONFLICT', {
            message: 'This promotion is given on a deposit; there is nothing to claim',
          });
        }
        if (promotion.trigger === 'MANUAL_APPLICATION') {
          throw new AppError('CONFLICT', { message: 'This promotion is applied for, not claimed' });
        }
        if (promotion.startsAt > at)
          throw new AppError('CONFLICT', { message: 'This promotion has not started yet' });
        if (promotion.status !== 'ACTIVE' || (promotion.endsAt !== null && promotion.endsAt <= at)) {
          throw new AppError('CONFLICT', { message: 'This promotion is closed' });
        }
        let baseMinor = 0n;
        if (promotion.trigger === 'VALID_BETS') {
          baseMinor = await validBetsFor(tx, memberId, promotion);
          const threshold = promotion.thresholdMinor ?? 0n;
          if (baseMinor < threshold) {
            throw new AppError('CONFLICT', {
              message: `Your valid bets since the start are ${baseMinor} of the ${threshold} needed`,
            });
          }
        }
        const grant = await promotions.grantInside(tx, promotion, memberId, 'claim', 0n, baseMinor);
        if (grant === 'stale')
          throw new AppError('CONFLICT', { message: 'The promotion just changed; try again' });
        if (!grant) {
          const grants = (await store.grantCountsOf(tx, memberId)).get(promotionId) ?? 0;
          throw new AppError('CONFLICT', {
            message:
              grants >= promotion.perMemberLimit
                ? 'You have claimed this promotion already'
                : 'This promotion has given all its budget',
          });
        }
        return {
          grantId: grant.id.toString(),
          bonusMinor: grant.bonusMinor.toString(),
          requiredMinor: grant.requiredMinor.toString(),
        };
      });
    },
  };
}
export type PromotionClaims = ReturnType<typeof createPromotionClaims>;
