/**
 * A small seeded generator (mulberry32): the same sequence for the same seed, so a load test's
 * failure can be replayed and the demo catalogue is the same on every start. Not for anything a
 * player could bet on: the house games have their own provably fair randomness.
 */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    chance: (share: number) => next() < share,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}
export type SeededRandom = ReturnType<typeof seededRandom>;
