import {
  type DailyDrawWindow,
  type DailyGame,
  dailyDrawWindowAt,
  dailyDrawWindowOf,
} from './daily-calendar.ts';
import type { VnRegion } from './vn-results.ts';

/**
 * The Vietnam regional draws' calendar (ADR 054): one draw a day per region, held in Vietnam
 * (south 16:15, central 17:15, north 18:15, Vietnam time). The results are external facts made
 * on Vietnam's clock, so the calendar is on Vietnam's clock (UTC+7, no daylight saving), whatever
 * the brand's site offset: closing on any other clock could take bets after the real draw.
 * A draw is open for bets from the region's previous draw until 15 minutes before its own.
 */
export const CLOSE_BEFORE_DRAW_MINUTES = 15;
/**
 * How long after the draw a slip's round is announced to settle (ADR 044 `settlesAt`): the result
 * is entered and confirmed by two operators, usually within the hour; until this has passed (and
 * the protocol's 10-minute margin), no operator refunds a waiting ticket as abandoned.
 */
export const RESULT_GRACE_MINUTES = 6 * 60;

export interface VnGame extends DailyGame {
  region: VnRegion;
}

const closeBeforeMinutes = CLOSE_BEFORE_DRAW_MINUTES;
export const VN_GAMES: readonly VnGame[] = [
  { code: 'vn-north', region: 'north', drawMinute: 18 * 60 + 15, closeBeforeMinutes },
  { code: 'vn-central', region: 'central', drawMinute: 17 * 60 + 15, closeBeforeMinutes },
  { code: 'vn-south', region: 'south', drawMinute: 16 * 60 + 15, closeBeforeMinutes },
];

export const vnGameOf = (code: string) => VN_GAMES.find((game) => game.code === code);

export type VnDrawWindow = DailyDrawWindow<VnGame>;

/**
 * The game's current draw at `instantMs`: the next one to be held. It opened at the previous
 * draw; between its close and its draw it is closed and no other draw of the region is open.
 */
export const vnDrawWindowAt = (game: VnGame, instantMs: number): VnDrawWindow =>
  dailyDrawWindowAt(game, instantMs);

/** The window of a draw named by its code, or undefined when the code names no regional draw. */
export const vnDrawWindowOf = (drawCode: string): VnDrawWindow | undefined =>
  dailyDrawWindowOf(VN_GAMES, drawCode);

/** When a slip's round on a draw closing at `closesAt` is announced to settle (ADR 044). */
export const vnSettlesAt = (closesAt: Date) =>
  new Date(closesAt.getTime() + (CLOSE_BEFORE_DRAW_MINUTES + RESULT_GRACE_MINUTES) * 60_000);
