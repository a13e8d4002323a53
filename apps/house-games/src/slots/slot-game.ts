/** What defines one themed 5-reel slot: symbols with their pays, reel strips, paylines, free spins. */
export type SymbolKind = 'regular' | 'wild' | 'scatter';

export interface SlotSymbol {
  id: string;
  name: string;
  kind: SymbolKind;
  /**
   * Line pays in multiples of the line bet for 3, 4 and 5 of a kind (left to right); for the
   * scatter, pays in multiples of the total bet for 3, 4 and 5 anywhere.
   */
  pays: readonly [number, number, number];
}

export interface SlotTheme {
  /** CSS colours of the cabinet. */
  background: string;
  frame: string;
  accent: string;
  text: string;
  /** Font stack of the title. */
  titleFont: string;
}

export interface SlotGame {
  code: string;
  name: string;
  tagline: string;
  /** The return to player, as a fraction, proven in rtp.test.ts (exact) and rtp.simulation.test.ts. */
  statedRtp: number;
  rows: 3;
  symbols: readonly SlotSymbol[];
  /** Five strips of symbol ids; a reel stops at a uniform position and shows it and the next two. */
  reels: readonly (readonly string[])[];
  /** Each line is the row (0 top, 1 middle, 2 bottom) on each of the five reels. */
  lines: readonly (readonly number[])[];
  freeSpins: {
    /** Free spins awarded for 3, 4 and 5 scatters, in the base game and again (retrigger) in free spins. */
    awards: readonly [number, number, number];
    /** Every win in free spins is multiplied by this. */
    multiplier: number;
  };
  /** Total bets the player may choose, in minor units; each a whole multiple of the line count. */
  betsMinor: readonly number[];
  theme: SlotTheme;
}

/** Spreads `counts` evenly over a strip, the same way every time: copies of one symbol stay apart. */
export function stripOf(counts: Record<string, number>): string[] {
  const keyed: { id: string; key: number }[] = [];
  const ids = Object.keys(counts);
  ids.forEach((id, index) => {
    const count = counts[id] ?? 0;
    for (let copy = 0; copy < count; copy += 1) {
      keyed.push({ id, key: (copy + (index + 1) / (ids.length + 1)) / count });
    }
  });
  return keyed.sort((a, b) => a.key - b.key || a.id.localeCompare(b.id)).map(({ id }) => id);
}

/** Twenty classic lines over a 5 × 3 window. */
export const LINES_20: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
  [0, 2, 2, 2, 0],
];

/** The twenty lines and five more. */
export const LINES_25: readonly (readonly number[])[] = [
  ...LINES_20,
  [2, 0, 0, 0, 2],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [1, 0, 1, 0, 1],
  [1, 2, 1, 2, 1],
];
