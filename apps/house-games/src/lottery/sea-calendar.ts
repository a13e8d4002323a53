import { type DailyDrawWindow, type DailyGame, dailyDrawWindowAt } from './daily-calendar.ts';

/**
 * The SEA-style daily 2D and 3D draws (ADR 054): drawn by us and verifiable exactly like the fast
 * draws (ADR 040: the seed's hash published when the draw opens, the numbers from the seed and
 * the closing value), once a day on the same clock as the regional draws. Betting closes at the
 * draw, which the calendar pass makes at its close as it does a fast draw's.
 */
export interface SeaGame extends DailyGame {
  family: 'sea-2d' | 'sea-3d';
}

export const SEA_GAMES: readonly SeaGame[] = [
  { code: 'sea-2d', family: 'sea-2d', drawMinute: 12 * 60, closeBeforeMinutes: 0 },
  { code: 'sea-3d', family: 'sea-3d', drawMinute: 20 * 60, closeBeforeMinutes: 0 },
];

export const seaGameOf = (code: string) => SEA_GAMES.find((game) => game.code === code);

export const seaDrawWindowAt = (game: SeaGame, instantMs: number): DailyDrawWindow<SeaGame> =>
  dailyDrawWindowAt(game, instantMs);
