import type { GameCategory, GameGroup } from '@fortuna/contracts/games';
import type { CategoryIconName } from '../art/category-icon.tsx';

/** Where each category's games are listed (spec 2.1) and which icon stands for it. */
export const CATEGORY_PAGES: Record<
  GameCategory,
  { path: string; labelKey: string; icon: CategoryIconName }
> = {
  RNG: { path: '/rng', labelKey: 'pages.rng', icon: 'RNG' },
  LIVE: { path: '/live', labelKey: 'pages.live', icon: 'LIVE' },
  FISH: { path: '/fish', labelKey: 'pages.fish', icon: 'FISH' },
  PVP: { path: '/pvp', labelKey: 'pages.pvp', icon: 'PVP' },
  SPORTS: { path: '/sports', labelKey: 'pages.sports', icon: 'SPORTS' },
  ESPORTS: { path: '/esports', labelKey: 'pages.esports', icon: 'ESPORTS' },
  COCKFIGHT: { path: '/cockfight', labelKey: 'pages.cockfight', icon: 'COCKFIGHT' },
  LOTT: { path: '/lott', labelKey: 'pages.lott', icon: 'LOTTERY' },
};

/** The game list pages: a category, or for /bgs the board and bingo games (group BG). */
export const LIST_PAGES: Record<string, { gameType?: GameCategory; group?: GameGroup; filters: boolean }> = {
  '/rng': { gameType: 'RNG', filters: true },
  '/live': { gameType: 'LIVE', filters: false },
  '/fish': { gameType: 'FISH', filters: false },
  '/pvp': { gameType: 'PVP', filters: false },
  '/bgs': { group: 'BG', filters: false },
  '/sports': { gameType: 'SPORTS', filters: false },
  '/esports': { gameType: 'ESPORTS', filters: false },
  '/cockfight': { gameType: 'COCKFIGHT', filters: false },
};

/** Spec 9: home rows show at most 12 vendors; the drop-down goes large above 10. */
export const HOME_ROW_VENDOR_CAP = 12;
export const LARGE_DROPDOWN_ABOVE = 10;

/** The routes the game list page answers. */
export const GAME_LIST_ROUTE_PATHS = Object.keys(LIST_PAGES);

/** The lottery centres (spec 2.1 /lott, /elott): the lottery games by draw family. */
export const LOTTERY_CENTRE_PATHS = ['/lott', '/elott'];
