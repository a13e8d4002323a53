import type { VnRegion } from './vn-results.ts';

/**
 * The Vietnam regional draws' calendar (ADR 054): one draw a day per region, held in Vietnam
 * (south 16:15, central 17:15, north 18:15, Vietnam time). The results are external facts made
 * on Vietnam's clock, so the calendar is on Vietnam's clock (UTC+7, no daylight saving), whatever
 * the brand's site offset: closing on any other clock could take bets after the real draw.
 * A draw is open for bets from the region's previous draw until 15 minutes before its own.
 */
export const VN_UTC_OFFSET_MINUTES = 7 * 60;
export const CLOSE_BEFORE_DRAW_MINUTES = 15;
/**
 * How long after the draw a slip's round is announced to settle (ADR 044 `settlesAt`): the result
 * is entered and confirmed by two operators, usually within the hour; until this has passed (and
 * the protocol's 10-minute margin), no operator refunds a waiting ticket as abandoned.
 */
export const RESULT_GRACE_MINUTES = 6 * 60;

export interface VnGame {
  /** e.g. "vn-north": the game code a launch carries. */
  code: string;
  region: VnRegion;
  /** Minutes after midnight, Vietnam time, when the draw is held. */
  drawMinute: number;
}

export const VN_GAMES: readonly VnGame[] = [
  { code: 'vn-north', region: 'north', drawMinute: 18 * 60 + 15 },
  { code: 'vn-central', region: 'central', drawMinute: 17 * 60 + 15 },
  { code: 'vn-south', region: 'south', drawMinute: 16 * 60 + 15 },
];

export const vnGameOf = (code: string) => VN_GAMES.find((game) => game.code === code);

export interface VnDrawWindow {
  /** The game's code and the draw's day in Vietnam: "vn-north-20261127". */
  drawCode: string;
  game: VnGame;
  opensAt: Date;
  closesAt: Date;
  drawAt: Date;
}

const DAY_MS = 86_400_000;
const OFFSET_MS = VN_UTC_OFFSET_MINUTES * 60_000;

/** The instant of the game's draw on the Vietnam day that starts at `vnMidnightMs` (UTC ms). */
const drawInstant = (game: VnGame, vnMidnightMs: number) => vnMidnightMs + game.drawMinute * 60_000;

function windowOfDay(game: VnGame, vnMidnightMs: number): VnDrawWindow {
  const drawAt = drawInstant(game, vnMidnightMs);
  const day = new Date(vnMidnightMs + OFFSET_MS).toISOString().slice(0, 10).replace(/-/g, '');
  return {
    drawCode: `${game.code}-${day}`,
    game,
    opensAt: new Date(drawInstant(game, vnMidnightMs - DAY_MS)),
    closesAt: new Date(drawAt - CLOSE_BEFORE_DRAW_MINUTES * 60_000),
    drawAt: new Date(drawAt),
  };
}

/**
 * The game's current draw at `instantMs`: the next one to be held. It opened at the previous
 * draw; between its close and its draw it is closed and no other draw of the region is open.
 */
export function vnDrawWindowAt(game: VnGame, instantMs: number): VnDrawWindow {
  const vnMidnight = Math.floor((instantMs + OFFSET_MS) / DAY_MS) * DAY_MS - OFFSET_MS;
  const midnight = instantMs >= drawInstant(game, vnMidnight) ? vnMidnight + DAY_MS : vnMidnight;
  return windowOfDay(game, midnight);
}

/** The window of a draw named by its code, or undefined when the code names no regional draw. */
export function vnDrawWindowOf(drawCode: string): VnDrawWindow | undefined {
  const match = /^(vn-[a-z]+)-(\d{4})(\d{2})(\d{2})$/.exec(drawCode);
  const game = match && vnGameOf(match[1] as string);
  if (!match || !game) return undefined;
  const vnMidnight = Date.UTC(Number(match[2]), Number(match[3]) - 1, Number(match[4])) - OFFSET_MS;
  const window = windowOfDay(game, vnMidnight);
  return window.drawCode === drawCode ? window : undefined;
}

/** When a slip's round on a draw closing at `closesAt` is announced to settle (ADR 044). */
export const vnSettlesAt = (closesAt: Date) =>
  new Date(closesAt.getTime() + (CLOSE_BEFORE_DRAW_MINUTES + RESULT_GRACE_MINUTES) * 60_000);
