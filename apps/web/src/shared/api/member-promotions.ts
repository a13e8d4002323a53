import { PromotionClaimCalls } from '@fortuna/contracts/promotion-claims';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/session-store.ts';
import { callApi } from './client.ts';
import { MEMBER_QUERY_KEY } from './get-member-info.ts';

/** The member's promotions with their statuses; a claim asks for them again under this key. */
export const MEMBER_PROMOTIONS_QUERY_KEY = [...MEMBER_QUERY_KEY, 'promotions'] as const;

export const memberPromotionsQuery = (lang: string) =>
  queryOptions({
    queryKey: [...MEMBER_PROMOTIONS_QUERY_KEY, lang],
    queryFn: () => callApi(PromotionClaimCalls.mine, { query: { lang } }),
    staleTime: 60_000,
    retry: false,
  });

/** A real member's session: guests and trial accounts have no promotions of their own. */
export function useIsRealMember(): boolean {
  return useSession((state) => state.isLogin && state.memberInfo !== null && !state.isTrial);
}

/** The promotions of the member's audience with the member's status in each (spec 4.10). */
export function useMemberPromotions() {
  const { i18n } = useTranslation();
  const isRealMember = useIsRealMember();
  return useQuery({ ...memberPromotionsQuery(i18n.language), enabled: isRealMember });
}

/**
 * The reward centre's red badge (spec 2.6, spec 3 availablePromoCount): how many promotions the
 * member can claim now. 0 and no call for guests and trial accounts.
 */
export function useAvailablePromoCount(): number {
  const isRealMember = useIsRealMember();
  const mine = useMemberPromotions();
  return isRealMember ? (mine.data?.availablePromoCount ?? 0) : 0;
}
