import type { GameCategory, GamePage, GameVendors } from '@fortuna/contracts/games';
import type { QueryClient } from '@tanstack/react-query';
import { type GameListParams, gameListQuery } from '../api/games.ts';
import { TILES_PER_ROW } from './game-carousel.tsx';

/** Game centres have few entries: their home rows show one row of tiles per slide, the others two. */
const ONE_ROW_CATEGORIES: readonly GameCategory[] = ['SPORTS', 'ESPORTS', 'COCKFIGHT'];
export const homeRowRows = (gameType: GameCategory) => (ONE_ROW_CATEGORIES.includes(gameType) ? 1 : 2);

/** What a home row lists: its category's games, or one vendor's once its tab is picked; two slides' worth. */
export function homeRowList(gameType: GameCategory, vassalage: string | undefined, language: string) {
  return {
    gameType,
    vassalage,
    pageSize: TILES_PER_ROW * homeRowRows(gameType) * 2,
    language,
  } satisfies GameListParams;
}

/** Spec 9: home preloads the games of the first 3 RNG vendors, the first LIVE and the first FISH one. */
const HOME_PRELOAD: readonly [GameCategory, number][] = [
  ['RNG', 3],
  ['LIVE', 1],
  ['FISH', 1],
];

/** The vendor lists home preloads, by the vendors call's order (the order of the row's tabs). */
export function homePreloadLists(categories: GameVendors, language: string): GameListParams[] {
  return HOME_PRELOAD.flatMap(([gameType, count]) => {
    const vendors = categories.find((entry) => entry.gameType === gameType)?.vendors ?? [];
    return vendors.slice(0, count).map((vendor) => homeRowList(gameType, vendor.code, language));
  });
}

/**
 * The first `pageSize` games of a vendor as its home row already holds them (preloaded by home,
 * or its tab opened there), shaped as that list's first page; undefined when home has none.
 */
export function homeRowFirstPage(
  queryClient: QueryClient,
  gameType: GameCategory,
  vassalage: string,
  language: string,
  pageSize: number,
): GamePage | undefined {
  const held = queryClient.getQueryData(gameListQuery(homeRowList(gameType, vassalage, language)).queryKey);
  if (!held) return undefined;
  return {
    content: held.content.slice(0, pageSize),
    pageNum: 1,
    pageSize,
    totalElements: held.totalElements,
    totalPages: Math.ceil(held.totalElements / pageSize),
  };
}
