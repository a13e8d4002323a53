import { HomeContentCalls } from '@fortuna/contracts/home-content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';

/** Under 'announcements' so that the pushed `announcements` event refreshes the marquee too. */
export const noticesQuery = (lang: string) =>
  queryOptions({
    queryKey: ['announcements', 'notices', lang],
    queryFn: () => callApi(HomeContentCalls.notices, { query: { lang } }),
    staleTime: 60_000,
  });

export function useNotices(lang: string) {
  return useQuery(noticesQuery(lang));
}
