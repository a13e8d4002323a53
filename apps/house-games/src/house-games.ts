import { BACCARAT_GAME_CODE } from './baccarat/baccarat-rules.ts';
import { FISH_GAME_CODE } from './fish/fish-species.ts';
import { isLotteryGame } from './lottery/lottery-games.ts';
import { slotGameOf } from './slots/slot-catalogue.ts';

/** The crash game's code: one shared table. */
export const CRASH_GAME_CODE = 'rocket-crash';

/** Whether a launch may open this game code: the lottery's games too (their slips, ADR 040). */
export const isHouseGame = (code: string) =>
  code === CRASH_GAME_CODE ||
  code === FISH_GAME_CODE ||
  code === BACCARAT_GAME_CODE ||
  slotGameOf(code) !== undefined ||
  isLotteryGame(code);
