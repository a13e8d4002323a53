import { type Permission, type SiteInfo, SystemCalls } from '@fortuna/contracts/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from './client.ts';

/** The permission call: fetched once at start-up and kept for the session. */
export const permissionQuery = queryOptions({
  queryKey: ['system', 'permission'],
  queryFn: (): Promise<Permission> => callApi(SystemCalls.permission),
  staleTime: Number.POSITIVE_INFINITY,
  retry: 1,
});

/** Site information for components below the start-up gate, where it is always loaded. */
export function useSiteInfo(): SiteInfo {
  const { data } = useQuery(permissionQuery);
  if (!data) throw new Error('useSiteInfo used outside the start-up gate');
  return data.info;
}
