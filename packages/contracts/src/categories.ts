import { z } from 'zod';

/**
 * The one category vocabulary (spec 1, 2.1, 9): where a game is listed, where a round of it is
 * filed in the betting record and the profit page, and the key by which per-category figures are
 * kept — agent rollups, rebates, points, missions and wagering weights. Nothing else names a
 * category: a new one is added here, and everything keyed by category (lobby pages, translations,
 * art) must then say where it goes.
 *
 * - RNG: slots and other machine games; FISH: fishing (arcade shooting) games;
 * - LIVE: games with a live dealer on camera — a dealt table game without a dealer is not LIVE;
 * - PVP: card and table games (the /pvp page), baccarat without a dealer among them;
 * - SPORTS, ESPORTS (vendor IMES), COCKFIGHT (vendor DS88): the game centres;
 * - LOTT: lottery, the lottery centre (/lott, /elott); the spec's lottery type and launch mode.
 *
 * Order matters: it is the navigation order of the lobby (spec 2.1).
 */
export const GAME_CATEGORIES = [
  'RNG',
  'LIVE',
  'FISH',
  'PVP',
  'SPORTS',
  'ESPORTS',
  'COCKFIGHT',
  'LOTT',
] as const;
export const GameCategorySchema = z.enum(GAME_CATEGORIES, {
  error: `must be one of ${GAME_CATEGORIES.join(', ')}`,
});
export type GameCategory = z.infer<typeof GameCategorySchema>;
