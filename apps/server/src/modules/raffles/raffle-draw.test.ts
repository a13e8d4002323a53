import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  closingValueOf,
  newRaffleSeed,
  raffleSeedHash,
  verifyRaffle,
  winningTickets,
} from './raffle-draw.ts';

const seed = 'a'.repeat(64);
const closing = 'b'.repeat(64);
const tickets = [
  { number: 2, memberId: 7n, source: 'bets:7:1' },
  { number: 1, memberId: 9n, source: 'deposit:D1' },
];

describe('the raffle draw', () => {
  it('when the seed is made, then its hash is the SHA-256 of its hex text, published apart from it', () => {
    const fresh = newRaffleSeed();
    expect(fresh).toMatch(/^[0-9a-f]{64}$/);
    expect(raffleSeedHash(fresh)).toBe(createHash('sha256').update(fresh).digest('hex'));
  });

  it('when the closed list is the same in any order, then the closing value is the same; a ticket more or another holder changes it', () => {
    const value = closingValueOf('R1', tickets);
    expect(value).toMatch(/^[0-9a-f]{64}$/);
    expect(closingValueOf('R1', [...tickets].reverse())).toBe(value);
    expect(closingValueOf('R2', tickets)).not.toBe(value);
    expect(closingValueOf('R1', [...tickets, { number: 3, memberId: 7n, source: 'bets:7:2' }])).not.toBe(
      value,
    );
    expect(
      closingValueOf('R1', [
        { ...tickets[0], memberId: 8n } as (typeof tickets)[0],
        tickets[1] as (typeof tickets)[0],
      ]),
    ).not.toBe(value);
  });

  it('when the same seed, closing value and count are given, then the same distinct winning tickets come out, all within 1 … count', () => {
    const first = winningTickets(seed, closing, 50, 10);
    expect(winningTickets(seed, closing, 50, 10)).toEqual(first);
    expect(new Set(first).size).toBe(10);
    for (const number of first) expect(number >= 1 && number <= 50).toBe(true);
    expect(winningTickets(seed, 'c'.repeat(64), 50, 10)).not.toEqual(first);
  });

  it('when there are fewer tickets than prizes, then every ticket wins once; none, no winner', () => {
    expect([...winningTickets(seed, closing, 3, 10)].sort()).toEqual([1, 2, 3]);
    expect(winningTickets(seed, closing, 0, 5)).toEqual([]);
  });

  it('when the seed or closing value is not 64 hex characters, then the draw refuses', () => {
    expect(() => winningTickets('A'.repeat(64), closing, 5, 1)).toThrow(RangeError);
    expect(() => winningTickets(seed, 'xyz', 5, 1)).toThrow(RangeError);
  });

  it('when the ticket count does not divide 2^32, then the lowest numbers are not favoured (rejection sampling, no modulo bias)', () => {
    // 3 × 2^30 tickets: a word taken modulo the count would send the top quarter of all words to
    // the first 2^30 numbers, making them win half the time instead of a third.
    const count = 3 * 2 ** 30;
    const runs = 6_000;
    let low = 0;
    for (let run = 0; run < runs; run += 1) {
      const value = createHash('sha256').update(`closing ${run}`).digest('hex');
      const [first] = winningTickets(seed, value, count, 1);
      if ((first ?? 0) <= 2 ** 30) low += 1;
    }
    expect(Math.abs(low / runs - 1 / 3)).toBeLessThan(0.03);
  });

  it('when a draw is verified, then a revealed seed matching its hash and the published winners both check; a changed seed or winner does not', () => {
    const value = closingValueOf('R1', tickets);
    const fresh = newRaffleSeed();
    const published = winningTickets(fresh, value, 40, 3);
    const input = { seed: fresh, seedHash: raffleSeedHash(fresh), closingValue: value, ticketCount: 40 };
    expect(verifyRaffle({ ...input, publishedTickets: published })).toEqual({
      hashMatches: true,
      recomputedTickets: published,
      winnersMatch: true,
    });
    expect(
      verifyRaffle({ ...input, seedHash: raffleSeedHash(seed), publishedTickets: published }).hashMatches,
    ).toBe(false);
    const swapped = [...published].reverse();
    expect(verifyRaffle({ ...input, publishedTickets: swapped }).winnersMatch).toBe(false);
  });
});
