import type { GameCategory, GameVendors } from '@fortuna/contracts/games';
import type { GameListParams } from '../api/games.ts';
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
