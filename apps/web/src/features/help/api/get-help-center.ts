import { SystemCalls } from '@fortuna/contracts/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';

export const helpCenterQuery = (lang: string) =>
  queryOptions({
    queryKey: ['help-center', lang],
    queryFn: () => callApi(SystemCalls.helpCenter, { query: { lang, device: 'WEB' } }),
    staleTime: 5 * 60_000,
  });

export function useHelpCenter(lang: string) {
  return useQuery(helpCenterQuery(lang));
}
