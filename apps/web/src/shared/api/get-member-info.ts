import { MemberCalls, type MemberInfo } from '@fortuna/contracts/member';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '../session/session-store.ts';
import { callApi } from './client.ts';

/** Every member query starts with this key, so a session's end can drop them all at once. */
export const MEMBER_QUERY_KEY = ['member'] as const;

export function getMemberInfo(): Promise<MemberInfo> {
  return callApi(MemberCalls.info);
}

export const memberInfoQuery = queryOptions({
  queryKey: [...MEMBER_QUERY_KEY, 'info'],
  queryFn: getMemberInfo,
  staleTime: 60_000,
  retry: false,
});

/** The logged-in member's info; idle while nobody is logged in. */
export function useMemberInfo() {
  const isLogin = useSession((state) => state.isLogin);
  return useQuery({ ...memberInfoQuery, enabled: isLogin });
}
