import {
  PROMOTION_TRIGGERS,
  type PromotionEarning,
  type PromotionTrigger,
} from '@fortuna/contracts/promotion-triggers';
import type { PromotionRow } from './promotions.store.ts';

const MEMBER_TRIGGERS: ReadonlySet<string> = new Set(PROMOTION_TRIGGERS);

/**
 * Whether members take part in the promotion here (its trigger is one the contract offers): the
 * referral programme's promotion (ADR 060) pays referrers through that programme only, so it is
 * neither listed nor claimable, which would pay anyone its reward.
 */
export const takenPartInHere = (promotion: PromotionRow): boolean => MEMBER_TRIGGERS.has(promotion.trigger);

/**
 * What earns a promotion as its members may read it (issue 18): the trigger and its own figures,
 * from the promotion's row alone — nothing about other members or the budget.
 */
export function earningOf(promotion: PromotionRow): PromotionEarning {
  return {
    trigger: promotion.trigger as PromotionTrigger,
    thresholdMinor: promotion.thresholdMinor?.toString() ?? null,
    depositOrdinal: promotion.depositOrdinal,
    lossWindow:
      promotion.lossFrom && promotion.lossTo
        ? { startsAt: promotion.lossFrom.toISOString(), endsAt: promotion.lossTo.toISOString() }
        : null,
  };
}
