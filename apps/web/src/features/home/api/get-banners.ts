import { type BannerGroup, BannerListResponseSchema, BannerPaths } from '@fortuna/contracts/home-content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client.ts';

/** Under 'announcements' so that the pushed `announcements` event refreshes the banners too. */
export const bannersQuery = (group: BannerGroup, lang: string) =>
  queryOptions({
    queryKey: ['announcements', 'banners', group, lang],
    queryFn: () => apiGet(BannerPaths.list, BannerListResponseSchema, { query: { group, lang } }),
    staleTime: 60_000,
  });

export function useBanners(group: BannerGroup, lang: string) {
  return useQuery(bannersQuery(group, lang));
}
