import { queryOptions, useQuery } from '@tanstack/react-query';
import { gameVendorsQuery } from '../../../shared/api/game-vendors.ts';

/** Each vendor once (the call lists them per category), for the vendor filter; the lobby's own list. */
export const filterVendorsQuery = queryOptions({
  ...gameVendorsQuery,
  select: (categories) => {
    const byCode = new Map<string, string>();
    for (const { vendors } of categories) for (const vendor of vendors) byCode.set(vendor.code, vendor.name);
    return [...byCode].map(([code, name]) => ({ code, name }));
  },
});
export const useFilterVendors = () => useQuery(filterVendorsQuery);
