import type { GameCategory, GamePage, GameVendors, LobbyVendor } from '@fortuna/contracts/games';
import type { QueryClient } from '@tanstack/react-query';
import { type GameListParams, gameListQuery } from '../api/games.ts';
import { TILES_PER_ROW } from './game-carousel.tsx';

/** Game centres have few entries: their home rows show one row of tiles per slide, the others two. */
const ONE_ROW_CATEGORIES: readonly GameCategory[] = ['SPORTS', 'ESPORTS', 'COCKFIGHT'];
export const homeRowRows = (gameType: GameCategory) => (ONE_ROW_CATEGORIES.includes(gameType) ? 1 : 2);

/**
 * What a home row lists: its category's games a member can launch today, or one vendor's once its
 * tab is picked, most played first; two slides' worth.
 */
export function homeRowList(gameType: GameCategory, vassalage: string | undefined, language: string) {
  return {
    gameType,
    vassalage,
    launchable: true,
    sort: 'POPULAR',
    pageSize: TILES_PER_ROW * homeRowRows(gameType) * 2,
    language,
  } satisfies GameListParams;
}

/** A home row of fewer tiles than this is thin: its games join the "more games" strip instead. */
export const MIN_ROW_TILES = 3;

export interface HomeRowPlan {
  /** Categories with enough launchable games for a row, with their vendors that have some. */
  rows: { gameType: GameCategory; vendors: LobbyVendor[] }[];
  /** Categories with one or two launchable games: one strip of more games. */
  thin: GameCategory[];
}

/** Which categories get a home row: those with games a member can launch today, thin ones folded. */
export function homeRowPlan(categories: GameVendors): HomeRowPlan {
  const plan: HomeRowPlan = { rows: [], thin: [] };
  for (const { gameType, vendors } of categories) {
    const playable = vendors.filter((vendor) => vendor.launchableCount > 0);
    const count = playable.reduce((sum, vendor) => sum + vendor.launchableCount, 0);
    if (count >= MIN_ROW_TILES) plan.rows.push({ gameType, vendors: playable });
    else if (count > 0) plan.thin.push(gameType);
  }
  return plan;
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
    const vendors = (categories.find((entry) => entry.gameType === gameType)?.vendors ?? []).filter(
      (vendor) => vendor.launchableCount > 0,
    );
    return vendors.slice(0, count).map((vendor) => homeRowList(gameType, vendor.code, language));
  });
}

/**
 * The first `pageSize` games of a vendor as its home row already holds them (preloaded by home,
 * or its tab opened there), shaped as that list's first page; undefined when home has none. Home
 * holds only launchable games: they are the vendor's whole list only when all of its games are.
 */
export function homeRowFirstPage(
  queryClient: QueryClient,
  gameType: GameCategory,
  vendor: LobbyVendor | undefined,
  language: string,
  pageSize: number,
): GamePage | undefined {
  if (!vendor || vendor.launchableCount !== vendor.gameCount) return undefined;
  const held = queryClient.getQueryData(gameListQuery(homeRowList(gameType, vendor.code, language)).queryKey);
  if (!held) return undefined;
  return {
    content: held.content.slice(0, pageSize),
    pageNum: 1,
    pageSize,
    totalElements: held.totalElements,
    totalPages: Math.ceil(held.totalElements / pageSize),
  };
}
