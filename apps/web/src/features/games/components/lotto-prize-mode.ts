import type { PrizeMode } from '@fortuna/contracts/games';
import { createContext } from 'react';

/**
 * The prize mode of the lottery centre the tiles are in (/lott LOTT, /elott ELOTT; spec 7.3
 * lottoPrizeMode, ADR 056): a lottery game played from there launches in it. Elsewhere none, and
 * the server picks the game's first mode.
 */
export const LottoPrizeModeContext = createContext<PrizeMode | undefined>(undefined);
