import { FAST_GAMES, fastGameOf } from './draw-calendar.ts';
import { SEA_GAMES, seaGameOf } from './sea-calendar.ts';
import { VN_GAMES, vnGameOf } from './vn-calendar.ts';

/**
 * The lottery's areas (spec 7.3 lottoArea, ADR 069), as the platform groups the draw families:
 * the Vietnam regional draws, the SEA daily draws, and the fast draws.
 */
export type LotteryArea = 'VN' | 'SEA' | 'FAST';

export function areaOfGame(code: string): LotteryArea | undefined {
  if (vnGameOf(code)) return 'VN';
  if (seaGameOf(code)) return 'SEA';
  if (fastGameOf(code)) return 'FAST';
  return undefined;
}

/** The games of an area in the order its list of draws shows them. */
export function gamesOfArea(area: LotteryArea): readonly string[] {
  const games = area === 'VN' ? VN_GAMES : area === 'SEA' ? SEA_GAMES : FAST_GAMES;
  return games.map((game) => game.code);
}
