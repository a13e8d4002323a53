import { ReferralCalls } from '@fortuna/contracts/referrals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { MEMBER_QUERY_KEY } from '../../../shared/api/get-member-info.ts';

export const myReferralsQuery = queryOptions({
  queryKey: [...MEMBER_QUERY_KEY, 'referrals'],
  queryFn: () => callApi(ReferralCalls.mine),
  retry: false,
});

/** The member's referral code, invitees and rewards (spec 2.6 referral). */
export function useMyReferrals() {
  return useQuery(myReferralsQuery);
}

/** The link a friend registers by: the lobby's own address, so it works on whichever domain the member uses. */
export function referralLinkOf(code: string, origin = window.location.origin): string {
  return `${origin}/register?referralCode=${encodeURIComponent(code)}`;
}
