import type { LotteryArea } from './lottery-areas.ts';

/** The words of the lottery's list of draws (the launch's lobby view) and of its Back link. */
const EN = {
  areas: { VN: 'Vietnam regional draws', SEA: 'SEA draws', FAST: 'Fast draws' } satisfies Record<
    LotteryArea,
    string
  >,
  every: 'A draw every {minutes} min',
  daily: 'One draw a day at {time} (Vietnam time)',
  bet: 'Bet',
  back: 'Back',
  allDraws: 'All draws',
};
export type LobbyText = typeof EN;

const TY: LobbyText = {
  areas: { VN: 'Mga rehiyonal na draw ng Vietnam', SEA: 'Mga draw ng SEA', FAST: 'Mabibilis na draw' },
  every: 'May draw tuwing {minutes} min',
  daily: 'Isang draw araw-araw sa {time} (oras ng Vietnam)',
  bet: 'Tumaya',
  back: 'Bumalik',
  allDraws: 'Lahat ng draw',
};

export const lobbyTextOf = (lang: string): LobbyText => (lang.toUpperCase() === 'TY' ? TY : EN);
