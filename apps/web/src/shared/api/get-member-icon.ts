import { MemberCalls } from '@fortuna/contracts/member';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '../session/session-store.ts';
import { callApi } from './client.ts';
import { MEMBER_QUERY_KEY } from './get-member-info.ts';

export function getMemberIcon(): Promise<string> {
  return callApi(MemberCalls.icon).then((icon) => icon.iconUrl);
}

export const memberIconQuery = queryOptions({
  queryKey: [...MEMBER_QUERY_KEY, 'icon'],
  queryFn: getMemberIcon,
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

/** The member's avatar as a data URL; idle while nobody is logged in. */
export function useMemberIcon() {
  const isLogin = useSession((state) => state.isLogin);
  return useQuery({ ...memberIconQuery, enabled: isLogin });
}
