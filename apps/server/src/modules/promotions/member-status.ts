import type { MemberPromotionStatus } from '@fortuna/contracts/promotion-claims';
import type { PromotionRow } from './promotions.store.ts';

/** What the member has done about one promotion, as far as its status depends on it. */
export interface MemberStanding {
  grants: number;
  /** VALID_BETS: valid bets since the promotion's start; LOSS: the net loss over its window so far. */
  progressMinor: bigint | null;
  /** MANUAL_APPLICATION: the state of the member's last application, if any. */
  lastApplication: 'PENDING' | 'APPROVED' | 'REJECTED' | null;
}

/** Whether what is left of the budget can still pay one reward (a percentage: anything left). */
function budgetLeft(promotion: PromotionRow): boolean {
  const left = promotion.budgetMinor - promotion.spentMinor;
  const { reward } = promotion.terms;
  return reward.kind === 'FIXED' ? left >= BigInt(reward.amountMinor) : left > 0n;
}

/** The member's status in a promotion of their audience at `at` (spec 4.10, ADR 058). */
export function memberStatusOf(
  promotion: PromotionRow,
  standing: MemberStanding,
  at: Date,
): MemberPromotionStatus {
  if (promotion.startsAt > at) return 'COMING_SOON';
  const limitReached = standing.grants >= promotion.perMemberLimit;
  if (limitReached) {
    if (promotion.automatic) return 'JOINED';
    return promotion.trigger === 'MANUAL_APPLICATION' ? 'ISSUED' : 'CLAIMED';
  }
  const running = promotion.status === 'ACTIVE' && (promotion.endsAt === null || promotion.endsAt > at);
  if (!running || !budgetLeft(promotion)) return 'CLOSE';
  if (promotion.automatic) return 'JOIN';
  if (promotion.trigger === 'MANUAL_APPLICATION') {
    if (standing.lastApplication === 'PENDING') return 'APPLYING';
    return standing.lastApplication === 'REJECTED' ? 'REJECTED' : 'JOIN';
  }
  const short = (standing.progressMinor ?? 0n) < (promotion.thresholdMinor ?? 0n);
  if (promotion.trigger === 'VALID_BETS' && short) return 'PROCESS';
  if (promotion.trigger === 'LOSS') {
    // The loss is claimed once its window has closed; a loss short of the threshold then never grows.
    if (promotion.lossTo === null || promotion.lossTo > at) return 'PROCESS';
    if (short) return 'CLOSE';
  }
  return 'CLAIM';
}
