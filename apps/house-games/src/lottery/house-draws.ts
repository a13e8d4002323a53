import type { RoundRng } from '@fortuna/signing/provably-fair-rng';

/**
 * The draws we draw ourselves (ADR 040): fast draws (keno, 3D, 5D, the race) and the SEA 2D/3D
 * draws. Vietnam regional results are external facts and never come from here.
 */
export const HOUSE_DRAW_FAMILIES = ['keno', '3d', '5d', 'race', 'sea-2d', 'sea-3d'] as const;
export type HouseDrawFamily = (typeof HOUSE_DRAW_FAMILIES)[number];

export const KENO_POOL = 80;
export const KENO_DRAWN = 20;
export const RACE_RUNNERS = 10;

/** How many digits each digit draw shows, most significant first. */
export const DIGIT_COUNTS = { '3d': 3, '5d': 5, 'sea-2d': 2, 'sea-3d': 3 } as const;
export type DigitFamily = keyof typeof DIGIT_COUNTS;

export type HouseDrawNumbers =
  /** Keno: 20 different numbers of 1–80 in the order drawn. */
  | { family: 'keno'; numbers: number[] }
  /** Runners 1–10 in finishing order, first place first. */
  | { family: 'race'; order: number[] }
  | { family: DigitFamily; digits: number[] };

/**
 * The first `take` entries of a Fisher–Yates shuffle of 1 … pool: each step picks uniformly among
 * the entries not yet taken (rng.int rejects biased words), so no number repeats and every
 * ordered selection is equally likely.
 */
function shuffledPrefix(rng: RoundRng, pool: number, take: number): number[] {
  const entries = Array.from({ length: pool }, (_, i) => i + 1);
  for (let i = 0; i < take; i += 1) {
    const j = i + rng.int(pool - i);
    [entries[i], entries[j]] = [entries[j] as number, entries[i] as number];
  }
  return entries.slice(0, take);
}

/** A family's numbers read from the draw's stream, in a fixed order so anyone can recompute them. */
export function drawFromStream(family: HouseDrawFamily, rng: RoundRng): HouseDrawNumbers {
  if (family === 'keno') return { family, numbers: shuffledPrefix(rng, KENO_POOL, KENO_DRAWN) };
  if (family === 'race') return { family, order: shuffledPrefix(rng, RACE_RUNNERS, RACE_RUNNERS) };
  return { family, digits: Array.from({ length: DIGIT_COUNTS[family] }, () => rng.int(10)) };
}
