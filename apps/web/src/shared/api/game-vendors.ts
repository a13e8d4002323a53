import { GameCalls } from '@fortuna/contracts/games';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from './client.ts';

/**
 * Categories with their vendors (spec 2.1: the navigation shows only categories that have some).
 * Shared: the start-up gate waits for it, the navigation and the game pages read it.
 */
export const gameVendorsQuery = queryOptions({
  queryKey: ['games', 'vendors'],
  queryFn: () => callApi(GameCalls.vendors, { query: { platform: 'html5-desktop' } }),
  staleTime: 300_000,
});
export const useGameVendors = () => useQuery(gameVendorsQuery);
