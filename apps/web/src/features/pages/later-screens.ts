import { GAME_CENTRE_PATHS, GAME_LIST_PATHS, LOTTERY_PATHS } from '@fortuna/contracts/routes';
import type { CategoryIconName } from '../../shared/art/category-icon.tsx';

export interface LaterScreen {
  path: string;
  titleKey: string;
  /** The empty state's sentence: what will appear here, never pretend content. */
  emptyKey: string;
  icon: CategoryIconName;
}

const CATEGORY_ICONS: Record<string, CategoryIconName> = {
  '/sports': 'SPORTS',
  '/esports': 'ESPORTS',
  '/lott': 'LOTTERY',
  '/elott': 'LOTTERY',
  '/cockfight': 'COCKFIGHT',
  '/live': 'LIVE',
  '/fish': 'FISH',
  '/rng': 'RNG',
  '/pvp': 'PVP',
  '/bgs': 'PVP',
};

const GAMES_FEATURE_PATHS = new Set([
  '/sports',
  '/esports',
  '/cockfight',
  '/lott',
  '/elott',
  ...GAME_LIST_PATHS,
]);
/** The lottery pages the games feature draws (the draw families' boards, ADR 062). */
const LOTTERY_FEATURE_PATHS = new Set(['/lottery', '/vnLottery', '/seaLottery']);

const screen = (path: string, emptyKey: string, icon: CategoryIconName): LaterScreen => ({
  path,
  titleKey: `pages.${path.slice(1)}`,
  emptyKey,
  icon,
});

/** Routes of spec 2.1 whose screens later issues fill; until then each says honestly it is empty. */
export const LATER_SCREENS: LaterScreen[] = [
  // The game lists, the game centres, /favorite, /recent and /seamless are the games feature's
  // (features/games), as are the lottery pages (/lottery, /vnLottery, /seaLottery).
  ...GAME_CENTRE_PATHS.filter((path) => !GAMES_FEATURE_PATHS.has(path)).map((path) =>
    screen(path, 'empty.games', CATEGORY_ICONS[path] ?? 'RNG'),
  ),
  ...LOTTERY_PATHS.filter((path) => !LOTTERY_FEATURE_PATHS.has(path)).map((path) =>
    screen(path, 'empty.lottery', 'LOTTERY'),
  ),
  screen('/pointMall', 'empty.pointMall', 'POINTMALL'),
];
