import type { HouseDrawFamily } from './house-draws.ts';

/**
 * The fast draws' calendar (ADR 040): keno, 3D, 5D and the race, each every 1, 3 and 5 minutes.
 * A draw opens at the start of its window and betting closes, and the draw is made, at its end.
 * Windows are whole multiples of their length since the epoch: every site offset in use is a
 * whole multiple of 15 minutes, which 1, 3 and 5 all divide, so these are the same boundaries on
 * the site's clock as on UTC's, and a draw's code can name its closing instant in UTC.
 */
export const FAST_FAMILIES = ['keno', '3d', '5d', 'race'] as const satisfies readonly HouseDrawFamily[];
export const FAST_DRAW_MINUTES = [1, 3, 5] as const;

export interface FastGame {
  /** e.g. "keno-1m". */
  code: string;
  family: (typeof FAST_FAMILIES)[number];
  minutes: (typeof FAST_DRAW_MINUTES)[number];
}

export const FAST_GAMES: readonly FastGame[] = FAST_FAMILIES.flatMap((family) =>
  FAST_DRAW_MINUTES.map((minutes) => ({ code: `${family}-${minutes}m`, family, minutes })),
);

export const fastGameOf = (code: string) => FAST_GAMES.find((game) => game.code === code);

export interface DrawWindow {
  /** The game's code and the closing instant in UTC: "keno-1m-202611262104". */
  drawCode: string;
  game: FastGame;
  opensAt: Date;
  closesAt: Date;
}

const compactUtc = (date: Date) => date.toISOString().slice(0, 16).replace(/[-T:]/g, '');

/** The game's draw whose window holds `instantMs`. */
export function drawWindowAt(game: FastGame, instantMs: number): DrawWindow {
  const lengthMs = game.minutes * 60_000;
  const opensMs = Math.floor(instantMs / lengthMs) * lengthMs;
  const closesAt = new Date(opensMs + lengthMs);
  return { drawCode: `${game.code}-${compactUtc(closesAt)}`, game, opensAt: new Date(opensMs), closesAt };
}
