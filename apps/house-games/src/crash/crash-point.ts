import { createRoundRng } from '@fortuna/signing/provably-fair-rng';

/** The house keeps 3%: every way of playing returns 97% (see crashRtp). */
export const CRASH_RETURN = 0.97;
/** The highest multiplier a round reaches: anyone still in is cashed out there. */
export const CRASH_MAX = 1000;
/** Multiplier after t seconds of a running round: 1.00 at the start, ×2 after ~11.6 s. */
export const CRASH_GROWTH_PER_SECOND = 0.06;

/**
 * A round's crash point, in hundredths (100 = 1.00×), from its server seed: u uniform on [0, 1)
 * (53 bits of HMAC-SHA256(serverSeed, `crash:<round>:0`)), crash = ⌊97 / (1 − u)⌋ / 100, at least
 * 1.00 and at most the cap. So P(crash ≥ x) = 0.97 / x for every x ≥ 1.01 in hundredths, and a
 * cash-out at x pays x with probability 0.97 / x: an expected return of 0.97 whatever x is.
 */
export function crashPointOf(serverSeed: string, roundNumber: number): number {
  const u = createRoundRng(serverSeed, 'crash', roundNumber).float();
  // 97 exactly: 0.97 × 100 is 97.00000000000001 in floating point.
  const hundredths = Math.floor(Math.round(CRASH_RETURN * 100) / (1 - u));
  return Math.min(Math.max(hundredths, 100), CRASH_MAX * 100);
}

/** The multiplier, in hundredths, t milliseconds into a running round. */
export const multiplierAt = (elapsedMs: number) =>
  Math.floor(100 * Math.exp((CRASH_GROWTH_PER_SECOND * Math.max(0, elapsedMs)) / 1000) + 1e-9);

/** How long a round runs until it reaches `hundredths`. */
export const millisecondsTo = (hundredths: number) =>
  Math.ceil((1000 * Math.log(hundredths / 100)) / CRASH_GROWTH_PER_SECOND);

/** A cash-out at `hundredths` pays bet × multiplier, to the minor unit below. */
export const crashWin = (betMinor: number, hundredths: number) => Math.floor((betMinor * hundredths) / 100);
