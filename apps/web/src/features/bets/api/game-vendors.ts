import { GamePaths, GameVendorsResponseSchema } from '@fortuna/contracts/games';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client.ts';

/** Each vendor once (the call lists them per category), for the vendor filter. */
export const filterVendorsQuery = queryOptions({
  queryKey: ['bets', 'vendors'],
  queryFn: () =>
    apiGet(GamePaths.vendors, GameVendorsResponseSchema, { query: { platform: 'html5-desktop' } }),
  select: (categories) => {
    const byCode = new Map<string, string>();
    for (const { vendors } of categories) for (const vendor of vendors) byCode.set(vendor.code, vendor.name);
    return [...byCode].map(([code, name]) => ({ code, name }));
  },
  staleTime: 300_000,
});
export const useFilterVendors = () => useQuery(filterVendorsQuery);
