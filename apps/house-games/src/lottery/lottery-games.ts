import type { DrawKind } from './bet-types.ts';
import { fastGameOf } from './draw-calendar.ts';
import type { HouseDrawFamily } from './house-draws.ts';
import { seaGameOf } from './sea-calendar.ts';
import { vnGameOf, vnSettlesAt } from './vn-calendar.ts';

/**
 * Every lottery game a launch may open and a slip may be placed on (ADR 040, 054): the fast draws
 * and the Vietnam regional draws, with the kind of draw their bets are checked and priced for.
 */
export interface LotteryGame {
  code: string;
  kind: DrawKind;
}

export function lotteryGameOf(code: string): LotteryGame | undefined {
  const fast = fastGameOf(code);
  if (fast) return { code, kind: fast.family };
  const vn = vnGameOf(code);
  if (vn) return { code, kind: vn.region };
  const sea = seaGameOf(code);
  if (sea) return { code, kind: sea.family };
  return undefined;
}

/** The family of a game whose draws we draw ourselves (fast and SEA), or undefined. */
export const houseFamilyOfGame = (code: string): HouseDrawFamily | undefined =>
  fastGameOf(code)?.family ?? seaGameOf(code)?.family;

export const isLotteryGame = (code: string) => lotteryGameOf(code) !== undefined;

/**
 * When a slip's round is announced to settle (ADR 044): a fast draw is drawn at its close; a
 * regional draw is held after its close and settles once two operators have confirmed its result.
 */
export const settlesAtOf = (gameCode: string, closesAt: Date) =>
  vnGameOf(gameCode) ? vnSettlesAt(closesAt) : closesAt;
