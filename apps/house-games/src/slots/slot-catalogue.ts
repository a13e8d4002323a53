import { luckyKoi } from './games/lucky-koi.ts';
import { neonFruits } from './games/neon-fruits.ts';
import { pharaohsGold } from './games/pharaohs-gold.ts';
import type { SlotGame } from './slot-game.ts';

/** Every house slot, by game code (the platform's gameCode for vendor FORTUNA). */
export const SLOT_GAMES: readonly SlotGame[] = [luckyKoi, pharaohsGold, neonFruits];
const byCode = new Map(SLOT_GAMES.map((game) => [game.code, game]));
export const slotGameOf = (code: string): SlotGame | undefined => byCode.get(code);
