import type { MemberPromotion, MemberPromotionStatus } from '@fortuna/contracts/promotion-claims';
import { DEPOSIT_TRIGGERS } from '@fortuna/contracts/promotion-setup';
import type { PromotionEarning } from '@fortuna/contracts/promotion-triggers';
import type { StatedTerms } from '@fortuna/contracts/promotions';
import { useIsRealMember, useMemberPromotions } from '../../../shared/api/member-promotions.ts';
import { useRunningPromotions } from './running-promotions.ts';

/**
 * One promotion as the lobby shows it, to a member with the member's status, else without; with
 * what earns it (the trigger and its figures) for both.
 */
export interface PromotionView extends PromotionEarning {
  id: string;
  type: string;
  title: string;
  bodyHtml: string;
  startsAt: string;
  endsAt: string | null;
  terms: StatedTerms;
  perMemberLimit: number;
  /** Given on a deposit with no claim (the first-deposit bonus). */
  automatic: boolean;
  /** Applied for, not claimed (another screen draws the application). */
  applied: boolean;
  /** null: a guest or a trial account, who has no standing in any promotion. */
  status: MemberPromotionStatus | null;
  progressMinor: string | null;
  rejectionNote: string | null;
}

/** A promotion of the member's own list as the lobby shows it. */
export function viewOfMine(promotion: MemberPromotion): PromotionView {
  return {
    ...promotion,
    automatic: DEPOSIT_TRIGGERS.includes(promotion.trigger),
    applied: promotion.trigger === 'MANUAL_APPLICATION',
  };
}

/**
 * The promotions page's list: a real member sees the promotions of the member's audience with a
 * status in each (coming soon ones included); a guest or a trial account sees those running now.
 */
export function usePromotionViews() {
  const isRealMember = useIsRealMember();
  const mine = useMemberPromotions();
  // A member's own list has the running ones of the member's audience: no need for both.
  const running = useRunningPromotions(!isRealMember);
  if (isRealMember) {
    return {
      views: mine.data?.promotions.map(viewOfMine),
      error: mine.error,
      refetch: () => void mine.refetch(),
    };
  }
  return {
    views: running.data?.promotions.map(
      (promotion): PromotionView => ({
        ...promotion,
        applied: false,
        status: null,
        progressMinor: null,
        rejectionNote: null,
      }),
    ),
    error: running.error,
    refetch: () => void running.refetch(),
  };
}
