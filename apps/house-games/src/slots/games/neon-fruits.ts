import { LINES_20, type SlotGame, stripOf } from '../slot-game.ts';

const base = { SE: 2, BE: 3, ME: 4, GR: 4, PL: 5, OR: 5, LE: 6, CH: 6, W: 3, S: 1 };

/** Fruit machine under neon: 20 lines, diamonds trigger doubled free spins. */
export const neonFruits: SlotGame = {
  code: 'neon-fruits',
  name: 'Neon Fruits',
  tagline: '20 lines · free spins pay ×2',
  statedRtp: 0.9635,
  rows: 3,
  symbols: [
    { id: 'W', name: 'Star (wild)', kind: 'wild', pays: [50, 200, 750] },
    { id: 'S', name: 'Diamond (scatter)', kind: 'scatter', pays: [3, 15, 75] },
    { id: 'SE', name: 'Lucky Seven', kind: 'regular', pays: [40, 150, 750] },
    { id: 'BE', name: 'Bell', kind: 'regular', pays: [20, 80, 250] },
    { id: 'ME', name: 'Watermelon', kind: 'regular', pays: [15, 50, 150] },
    { id: 'GR', name: 'Grapes', kind: 'regular', pays: [12, 40, 120] },
    { id: 'PL', name: 'Plum', kind: 'regular', pays: [8, 25, 100] },
    { id: 'OR', name: 'Orange', kind: 'regular', pays: [6, 20, 80] },
    { id: 'LE', name: 'Lemon', kind: 'regular', pays: [4, 12, 50] },
    { id: 'CH', name: 'Cherry', kind: 'regular', pays: [4, 10, 40] },
  ],
  reels: [stripOf(base), stripOf(base), stripOf(base), stripOf(base), stripOf(base)],
  lines: LINES_20,
  freeSpins: { awards: [10, 10, 10], multiplier: 2 },
  betsMinor: [20, 40, 100, 200, 500, 1000, 2000, 5000],
  theme: {
    background: 'radial-gradient(circle at 50% 10%, #3a0b52, #14051f 60%, #07020c)',
    frame: '#ff3fb4',
    accent: '#39f3ff',
    text: '#fdf2ff',
    titleFont: "'Arial Black', 'Helvetica Neue', sans-serif",
  },
};
