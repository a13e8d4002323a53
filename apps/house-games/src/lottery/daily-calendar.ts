/**
 * Daily draws on the region's clock (ADR 054): the Vietnam regional draws and the SEA 2D/3D draws,
 * one draw a day per game at a fixed minute of the day, Vietnam time (UTC+7, no daylight saving).
 * A draw is open from the game's previous draw until `closeBeforeMinutes` before its own.
 */
export const REGION_UTC_OFFSET_MINUTES = 7 * 60;

export interface DailyGame {
  /** e.g. "vn-north", "sea-2d": the game code a launch carries and its draws' codes start with. */
  code: string;
  /** Minutes after midnight, Vietnam time, when the draw is held. */
  drawMinute: number;
  /** How long before the draw betting closes: 0 for our own draws, drawn at their close. */
  closeBeforeMinutes: number;
}

export interface DailyDrawWindow<G extends DailyGame = DailyGame> {
  /** The game's code and the draw's day in Vietnam: "vn-north-20261127". */
  drawCode: string;
  game: G;
  opensAt: Date;
  closesAt: Date;
  drawAt: Date;
}

const DAY_MS = 86_400_000;
const OFFSET_MS = REGION_UTC_OFFSET_MINUTES * 60_000;

/** The instant of the game's draw on the Vietnam day that starts at `midnightMs` (UTC ms). */
const drawInstant = (game: DailyGame, midnightMs: number) => midnightMs + game.drawMinute * 60_000;

function windowOfDay<G extends DailyGame>(game: G, midnightMs: number): DailyDrawWindow<G> {
  const drawAt = drawInstant(game, midnightMs);
  const day = new Date(midnightMs + OFFSET_MS).toISOString().slice(0, 10).replace(/-/g, '');
  return {
    drawCode: `${game.code}-${day}`,
    game,
    opensAt: new Date(drawInstant(game, midnightMs - DAY_MS)),
    closesAt: new Date(drawAt - game.closeBeforeMinutes * 60_000),
    drawAt: new Date(drawAt),
  };
}

/**
 * The game's current draw at `instantMs`: the next one to be held. It opened at the previous
 * draw; between its close and its draw it is closed and no other draw of the game is open.
 */
export function dailyDrawWindowAt<G extends DailyGame>(game: G, instantMs: number): DailyDrawWindow<G> {
  const midnight = Math.floor((instantMs + OFFSET_MS) / DAY_MS) * DAY_MS - OFFSET_MS;
  return windowOfDay(game, instantMs >= drawInstant(game, midnight) ? midnight + DAY_MS : midnight);
}

/** The window of a draw of one of `games` named by its code, or undefined. */
export function dailyDrawWindowOf<G extends DailyGame>(
  games: readonly G[],
  drawCode: string,
): DailyDrawWindow<G> | undefined {
  const match = /^([a-z0-9-]+)-(\d{4})(\d{2})(\d{2})$/.exec(drawCode);
  const game = match && games.find((candidate) => candidate.code === match[1]);
  if (!match || !game) return undefined;
  const midnight = Date.UTC(Number(match[2]), Number(match[3]) - 1, Number(match[4])) - OFFSET_MS;
  const window = windowOfDay(game, midnight);
  return window.drawCode === drawCode ? window : undefined;
}
