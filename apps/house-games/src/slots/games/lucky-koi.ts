import { LINES_20, type SlotGame, stripOf } from '../slot-game.ts';

const base = { K: 2, L: 3, C: 3, F: 4, A: 5, KK: 5, Q: 5, J: 5, W: 3, S: 1 };

/** Koi in a jade pond: 20 lines, lanterns trigger doubled free spins. */
export const luckyKoi: SlotGame = {
  code: 'lucky-koi',
  name: 'Lucky Koi',
  tagline: '20 lines · free spins pay ×2',
  statedRtp: 0.9617,
  rows: 3,
  symbols: [
    { id: 'W', name: 'Golden Dragon (wild)', kind: 'wild', pays: [50, 250, 1000] },
    { id: 'S', name: 'Red Lantern (scatter)', kind: 'scatter', pays: [2, 10, 50] },
    { id: 'K', name: 'Koi', kind: 'regular', pays: [25, 100, 500] },
    { id: 'L', name: 'Lotus', kind: 'regular', pays: [20, 75, 300] },
    { id: 'C', name: 'Jade Coin', kind: 'regular', pays: [15, 50, 200] },
    { id: 'F', name: 'Fan', kind: 'regular', pays: [11, 40, 150] },
    { id: 'A', name: 'A', kind: 'regular', pays: [4, 15, 100] },
    { id: 'KK', name: 'K', kind: 'regular', pays: [4, 12, 75] },
    { id: 'Q', name: 'Q', kind: 'regular', pays: [3, 10, 50] },
    { id: 'J', name: 'J', kind: 'regular', pays: [2, 10, 40] },
  ],
  reels: [stripOf(base), stripOf(base), stripOf(base), stripOf(base), stripOf(base)],
  lines: LINES_20,
  freeSpins: { awards: [10, 15, 20], multiplier: 2 },
  betsMinor: [20, 40, 100, 200, 500, 1000, 2000, 5000],
  theme: {
    background: 'radial-gradient(circle at 50% 20%, #0f5a4a, #062a26 60%, #031512)',
    frame: '#c9a14a',
    accent: '#e8423c',
    text: '#fbeed0',
    titleFont: "Georgia, 'Times New Roman', serif",
  },
};
