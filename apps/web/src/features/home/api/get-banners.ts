import { type BannerGroup, HomeContentCalls } from '@fortuna/contracts/home-content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';

/** Under 'announcements' so that the pushed `announcements` event refreshes the banners too. */
export const bannersQuery = (group: BannerGroup, lang: string) =>
  queryOptions({
    queryKey: ['announcements', 'banners', group, lang],
    queryFn: () => callApi(HomeContentCalls.banners, { query: { group, lang } }),
    staleTime: 60_000,
  });

export function useBanners(group: BannerGroup, lang: string) {
  return useQuery(bannersQuery(group, lang));
}
