import { LINES_25, type SlotGame, stripOf } from '../slot-game.ts';

const base = { M: 2, E: 3, N: 3, B: 4, A: 5, K: 5, Q: 6, J: 6, W: 3, S: 1 };

/** Gold of the pharaohs: 25 lines, the sun disc triggers tripled free spins. */
export const pharaohsGold: SlotGame = {
  code: 'pharaohs-gold',
  name: "Pharaoh's Gold",
  tagline: '25 lines · free spins pay ×3',
  statedRtp: 0.9601,
  rows: 3,
  symbols: [
    { id: 'W', name: 'Pyramid (wild)', kind: 'wild', pays: [40, 200, 1000] },
    { id: 'S', name: 'Sun Disc (scatter)', kind: 'scatter', pays: [2, 10, 100] },
    { id: 'M', name: 'Golden Mask', kind: 'regular', pays: [30, 120, 600] },
    { id: 'E', name: 'Eye of Horus', kind: 'regular', pays: [20, 80, 300] },
    { id: 'N', name: 'Ankh', kind: 'regular', pays: [15, 60, 200] },
    { id: 'B', name: 'Scarab', kind: 'regular', pays: [10, 40, 150] },
    { id: 'A', name: 'A', kind: 'regular', pays: [5, 20, 100] },
    { id: 'K', name: 'K', kind: 'regular', pays: [5, 15, 75] },
    { id: 'Q', name: 'Q', kind: 'regular', pays: [5, 15, 50] },
    { id: 'J', name: 'J', kind: 'regular', pays: [4, 12, 40] },
  ],
  reels: [stripOf(base), stripOf(base), stripOf(base), stripOf(base), stripOf(base)],
  lines: LINES_25,
  freeSpins: { awards: [8, 12, 20], multiplier: 3 },
  betsMinor: [25, 50, 125, 250, 500, 1250, 2500, 5000],
  theme: {
    background: 'radial-gradient(circle at 50% 15%, #3b2a6e, #1a1033 60%, #0b0618)',
    frame: '#e2b552',
    accent: '#2fb6c9',
    text: '#fff3d6',
    titleFont: "'Trebuchet MS', 'Segoe UI', sans-serif",
  },
};
