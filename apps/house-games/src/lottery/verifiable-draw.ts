import { createHash, randomBytes } from 'node:crypto';
import { createRoundRng, serverSeedHash } from '@fortuna/signing/provably-fair-rng';
import { drawFromStream, type HouseDrawFamily, type HouseDrawNumbers } from './house-draws.ts';

/**
 * Verifiable house draws (ADR 040): the seed's hash is published when the draw opens, the closing
 * value is fixed only when betting closes, the numbers come from the house games' provably fair
 * stream keyed by the seed over the closing value, and the seed is revealed after the draw.
 */

/** A fresh secret draw seed: 32 random bytes as 64 hex characters. */
export const newDrawSeed = () => randomBytes(32).toString('hex');

/** The commitment published before the draw's first ticket: SHA-256 of the seed's hex text. */
export const drawSeedHash = serverSeedHash;

/** One closed ticket as it enters the closing value. */
export interface ClosedTicket {
  ticketId: string;
  betType: string;
  /** The picked numbers as the ticket holds them, e.g. "07" or "12,34". */
  selection: string;
  stakeMinor: number;
}

/** The closed list in its canonical order, by ticket id: as stored with the draw and published. */
export const canonicalTickets = (tickets: readonly ClosedTicket[]): ClosedTicket[] =>
  [...tickets].sort((a, b) => (a.ticketId < b.ticketId ? -1 : a.ticketId > b.ticketId ? 1 : 0));

/**
 * The closing value: SHA-256 of the draw's code and its closed tickets, one JSON array per line,
 * sorted by ticket id (JSON quoting makes every field's end unambiguous). Known to nobody before
 * betting closes; the same tickets give the same value whatever order they were stored in.
 */
export function closingValueOf(drawCode: string, tickets: readonly ClosedTicket[]): string {
  const lines = canonicalTickets(tickets).map((t) =>
    JSON.stringify([t.ticketId, t.betType, t.selection, t.stakeMinor]),
  );
  return createHash('sha256')
    .update([JSON.stringify(drawCode), ...lines].join('\n'))
    .digest('hex');
}

const HEX_64 = /^[0-9a-f]{64}$/;

/** The draw's numbers from its seed and closing value: the stream HMAC-SHA-256(seed, closingValue:0:cursor). */
export function drawNumbers(family: HouseDrawFamily, seed: string, closingValue: string): HouseDrawNumbers {
  if (!HEX_64.test(seed)) throw new RangeError('seed must be 64 lower-case hex characters');
  if (!HEX_64.test(closingValue)) throw new RangeError('closing value must be 64 lower-case hex characters');
  return drawFromStream(family, createRoundRng(seed, closingValue, 0));
}

export interface DrawVerification {
  /** The revealed seed hashes to the hash published before the draw. */
  hashMatches: boolean;
  /** The numbers recomputed from the seed and the closing value. */
  numbers: HouseDrawNumbers;
  /** The recomputed numbers equal the numbers published for the draw. */
  numbersMatch: boolean;
}

/** The numbers a draw shows, in order, whatever order a store kept the object's keys in (jsonb sorts them). */
const drawnList = (numbers: HouseDrawNumbers): readonly number[] =>
  'numbers' in numbers ? numbers.numbers : 'order' in numbers ? numbers.order : numbers.digits;

const sameNumbers = (a: HouseDrawNumbers, b: HouseDrawNumbers) =>
  a.family === b.family && JSON.stringify(drawnList(a)) === JSON.stringify(drawnList(b));

/** What anyone can run after the draw: does the seed match its commitment, and do the numbers recompute? */
export function verifyDraw(input: {
  family: HouseDrawFamily;
  seed: string;
  publishedHash: string;
  closingValue: string;
  publishedNumbers: HouseDrawNumbers;
}): DrawVerification {
  const numbers = drawNumbers(input.family, input.seed, input.closingValue);
  return {
    hashMatches: drawSeedHash(input.seed) === input.publishedHash,
    numbers,
    numbersMatch: sameNumbers(numbers, input.publishedNumbers),
  };
}
