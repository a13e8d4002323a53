import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createRoundRng } from './provably-fair-rng.ts';

const seed = 'a'.repeat(64);

describe('round randomness', () => {
  it('when the same seeds and nonce are given, then the same numbers come out', () => {
    const first = createRoundRng(seed, 'player', 7);
    const second = createRoundRng(seed, 'player', 7);
    const a = Array.from({ length: 20 }, () => first.uint32());
    expect(Array.from({ length: 20 }, () => second.uint32())).toEqual(a);
  });

  it('when the nonce or client seed changes, then the numbers change', () => {
    const base = createRoundRng(seed, 'player', 7).uint32();
    expect(createRoundRng(seed, 'player', 8).uint32()).not.toBe(base);
    expect(createRoundRng(seed, 'player2', 7).uint32()).not.toBe(base);
  });

  it('when words are drawn, then they are the HMAC blocks of clientSeed:nonce:cursor in order', () => {
    const rng = createRoundRng(seed, 'c', 3);
    const block0 = createHmac('sha256', seed).update('c:3:0').digest();
    const block1 = createHmac('sha256', seed).update('c:3:1').digest();
    const words = Array.from({ length: 9 }, () => rng.uint32());
    expect(words.slice(0, 8)).toEqual(Array.from({ length: 8 }, (_, i) => block0.readUInt32BE(i * 4)));
    expect(words[8]).toBe(block1.readUInt32BE(0));
  });

  it('when int(n) meets a word in the biased tail, then it skips it instead of folding it', () => {
    // n = 3 · 2^30: words at or above 3 · 2^30 would fold onto 0 … 2^30 − 1 and double their odds.
    const n = 3 * 2 ** 30;
    const rng = createRoundRng(seed, 'tail', 0);
    const words = Array.from({ length: 64 }, () => rng.uint32());
    const expected = words.filter((word) => word < n);
    const fresh = createRoundRng(seed, 'tail', 0);
    expect(Array.from({ length: expected.length }, () => fresh.int(n))).toEqual(expected);
    expect(words.some((word) => word >= n)).toBe(true);
  });

  it('when many ints are drawn, then every value turns up about equally often', () => {
    const rng = createRoundRng(seed, 'uniform', 1);
    const counts = new Array(6).fill(0);
    for (let i = 0; i < 60_000; i += 1) counts[rng.int(6)] += 1;
    // Chi-square with 5 degrees of freedom: 20.5 is its 0.999 quantile.
    const chi = counts.reduce((sum, c) => sum + (c - 10_000) ** 2 / 10_000, 0);
    expect(chi).toBeLessThan(20.5);
  });

  it('when int gets a bad range, then it refuses', () => {
    const rng = createRoundRng(seed, 'x', 0);
    expect(() => rng.int(0)).toThrow(RangeError);
    expect(() => rng.int(1.5)).toThrow(RangeError);
  });

  it('when floats are drawn, then they lie in [0, 1)', () => {
    const rng = createRoundRng(seed, 'f', 0);
    for (let i = 0; i < 1000; i += 1) {
      const value = rng.float();
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });
});
