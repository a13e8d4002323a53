import { createHash, createHmac } from 'node:crypto';
import type { RoundRng } from '@fortuna/signing/provably-fair-rng';
import { describe, expect, it } from 'vitest';
import { drawFromStream, HOUSE_DRAW_FAMILIES, type HouseDrawNumbers } from './house-draws.ts';
import {
  type ClosedTicket,
  closingValueOf,
  drawNumbers,
  drawSeedHash,
  newDrawSeed,
  verifyDraw,
} from './verifiable-draw.ts';

const seed = '3f'.repeat(32);
const tickets: ClosedTicket[] = [
  { ticketId: 't-2', betType: 'keno-pick-3', selection: '4,18,77', stakeMinor: 1000 },
  { ticketId: 't-1', betType: '3d-straight', selection: '507', stakeMinor: 200 },
];
const closing = closingValueOf('keno-1m-202611262046', tickets);

/**
 * A verifier written from ADR 040's words alone, as an outsider would: HMAC-SHA-256 keyed by the
 * seed's text over "closingValue:0:cursor", big-endian 32-bit words, a word w is used for a range n
 * only when w < 2^32 − (2^32 mod n), then w mod n; keno is a Fisher–Yates shuffle from the front.
 */
function outsiderKeno(seedHex: string, closingValue: string): number[] {
  const words: number[] = [];
  for (let cursor = 0; words.length < 400; cursor += 1) {
    const block = createHmac('sha256', seedHex).update(`${closingValue}:0:${cursor}`).digest();
    for (let i = 0; i < 32; i += 4) words.push(block.readUInt32BE(i));
  }
  const uniform = (n: number) => {
    for (;;) {
      const word = words.shift() as number;
      if (word < 2 ** 32 - (2 ** 32 % n)) return word % n;
    }
  };
  // Fisher–Yates from the front: position i swaps with i + uniform(80 − i).
  const pool = Array.from({ length: 80 }, (_, i) => i + 1);
  for (let i = 0; i < 20; i += 1) {
    const j = i + uniform(80 - i);
    const held = pool[i] as number;
    pool[i] = pool[j] as number;
    pool[j] = held;
  }
  return pool.slice(0, 20);
}

describe('verifiable house draws', () => {
  it('when a draw is verified with its revealed seed, then the published hash matches and the numbers recompute', () => {
    const drawSeed = newDrawSeed();
    const publishedHash = drawSeedHash(drawSeed);
    for (const family of HOUSE_DRAW_FAMILIES) {
      const published = drawNumbers(family, drawSeed, closing);
      const check = verifyDraw({
        family,
        seed: drawSeed,
        publishedHash,
        closingValue: closing,
        publishedNumbers: published,
      });
      expect(check).toEqual({ hashMatches: true, numbers: published, numbersMatch: true });
    }
    expect(publishedHash).toBe(createHash('sha256').update(drawSeed).digest('hex'));
  });

  it('when the revealed seed is not the committed one, then the hash does not match', () => {
    const published = drawNumbers('5d', seed, closing);
    const other = '40'.repeat(32);
    const check = verifyDraw({
      family: '5d',
      seed: other,
      publishedHash: drawSeedHash(seed),
      closingValue: closing,
      publishedNumbers: published,
    });
    expect(check.hashMatches).toBe(false);
    expect(check.numbersMatch).toBe(false);
  });

  it('when published numbers were altered, then they do not recompute', () => {
    const published = drawNumbers('race', seed, closing) as Extract<HouseDrawNumbers, { family: 'race' }>;
    const swapped = {
      family: 'race' as const,
      order: [published.order[1], published.order[0], ...published.order.slice(2)] as number[],
    };
    const check = verifyDraw({
      family: 'race',
      seed,
      publishedHash: drawSeedHash(seed),
      closingValue: closing,
      publishedNumbers: swapped,
    });
    expect(check.hashMatches).toBe(true);
    expect(check.numbersMatch).toBe(false);
  });

  it('when a store gives the published numbers back with their keys in another order, then they still match', () => {
    const published = drawNumbers('race', seed, closing) as Extract<HouseDrawNumbers, { family: 'race' }>;
    const reordered = JSON.parse(`{"order":${JSON.stringify(published.order)},"family":"race"}`);
    const check = verifyDraw({
      family: 'race',
      seed,
      publishedHash: drawSeedHash(seed),
      closingValue: closing,
      publishedNumbers: reordered,
    });
    expect(check.numbersMatch).toBe(true);
  });

  it('when an outsider follows the documented recipe, then they get the same keno numbers', () => {
    const ours = drawNumbers('keno', seed, closing);
    expect(ours).toEqual({ family: 'keno', numbers: outsiderKeno(seed, closing) });
  });

  it('when the closing value changes, then the numbers change', () => {
    const other = closingValueOf('keno-1m-202611262046', tickets.slice(1));
    expect(drawNumbers('keno', seed, other)).not.toEqual(drawNumbers('keno', seed, closing));
  });

  it('when the seed or closing value is not 64 hex characters, then the draw refuses', () => {
    expect(() => drawNumbers('3d', 'ABC', closing)).toThrow(RangeError);
    expect(() => drawNumbers('3d', seed.toUpperCase(), closing)).toThrow(RangeError);
    expect(() => drawNumbers('3d', seed, `${closing}0`)).toThrow(RangeError);
  });
});

describe('the closing value', () => {
  it('when the same tickets come in another order, then the value is the same', () => {
    expect(closingValueOf('d', [...tickets].reverse())).toBe(closingValueOf('d', tickets));
  });

  it('when any field of any ticket or the draw changes, then the value changes', () => {
    const base = closingValueOf('d', tickets);
    const first = tickets[0] as ClosedTicket;
    const variants: ClosedTicket[] = [
      { ...first, ticketId: 't-3' },
      { ...first, betType: 'keno-pick-2' },
      { ...first, selection: '4,18,78' },
      { ...first, stakeMinor: 1001 },
    ];
    for (const changed of variants)
      expect(closingValueOf('d', [changed, tickets[1] as ClosedTicket])).not.toBe(base);
    expect(closingValueOf('e', tickets)).not.toBe(base);
  });

  it('when a field holds the separators, then it cannot pose as two fields', () => {
    const a = { ticketId: 'x', betType: 'a","b', selection: 'c', stakeMinor: 1 };
    const b = { ticketId: 'x', betType: 'a', selection: 'b","c', stakeMinor: 1 };
    expect(closingValueOf('d', [a])).not.toBe(closingValueOf('d', [b]));
  });

  it('when a draw closes with no tickets, then it still has a value of its own', () => {
    expect(closingValueOf('a', [])).toMatch(/^[0-9a-f]{64}$/);
    expect(closingValueOf('a', [])).not.toBe(closingValueOf('b', []));
  });
});

describe('what each family draws', () => {
  const draws = (count: number, family: (typeof HOUSE_DRAW_FAMILIES)[number]) =>
    Array.from({ length: count }, (_, i) =>
      drawNumbers(family, seed, createHash('sha256').update(`c${i}`).digest('hex')),
    );

  it('when keno draws, then it takes 20 different numbers of 1–80', () => {
    for (const draw of draws(200, 'keno')) {
      if (draw.family !== 'keno') throw new Error('not keno');
      expect(draw.numbers).toHaveLength(20);
      expect(new Set(draw.numbers).size).toBe(20);
      expect(draw.numbers.every((n) => Number.isInteger(n) && n >= 1 && n <= 80)).toBe(true);
    }
  });

  it('when the race runs, then the order is a permutation of runners 1–10', () => {
    for (const draw of draws(200, 'race')) {
      if (draw.family !== 'race') throw new Error('not race');
      expect([...draw.order].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    }
  });

  it('when digit draws run, then each shows its count of digits 0–9', () => {
    const counts = { '3d': 3, '5d': 5, 'sea-2d': 2, 'sea-3d': 3 } as const;
    for (const [family, length] of Object.entries(counts)) {
      for (const draw of draws(50, family as keyof typeof counts)) {
        if (!('digits' in draw)) throw new Error('not digits');
        expect(draw.digits).toHaveLength(length);
        expect(draw.digits.every((d) => Number.isInteger(d) && d >= 0 && d <= 9)).toBe(true);
      }
    }
  });

  it('when many keno draws are made, then every number is drawn about equally often', () => {
    const counts = new Array(81).fill(0);
    for (const draw of draws(4000, 'keno'))
      if (draw.family === 'keno') for (const n of draw.numbers) counts[n] += 1;
    // Each number is drawn with probability 1/4 per draw: 1000 expected. Chi-square with 79
    // degrees of freedom (a slight overstatement for draws without repetition): 0.999 quantile 124.8.
    const chi = counts.slice(1).reduce((sum, c) => sum + (c - 1000) ** 2 / 1000, 0);
    expect(chi).toBeLessThan(124.8);
  });

  it('when many races run, then every runner wins about equally often', () => {
    const wins = new Array(11).fill(0);
    for (const draw of draws(5000, 'race')) if (draw.family === 'race') wins[draw.order[0] as number] += 1;
    // 9 degrees of freedom: 0.999 quantile 27.9.
    const chi = wins.slice(1).reduce((sum, c) => sum + (c - 500) ** 2 / 500, 0);
    expect(chi).toBeLessThan(27.9);
  });

  it('when a family draws, then it asks the stream only for uniform ranges, never folding words itself', () => {
    const asked: number[] = [];
    const fake: RoundRng = {
      int: (n) => {
        asked.push(n);
        return 0;
      },
      uint32: () => {
        throw new Error('a raw word would need folding');
      },
      float: () => {
        throw new Error('floats are not exact');
      },
    };
    expect(drawFromStream('race', fake)).toEqual({ family: 'race', order: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] });
    expect(asked).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    asked.length = 0;
    drawFromStream('sea-3d', fake);
    expect(asked).toEqual([10, 10, 10]);
  });
});
