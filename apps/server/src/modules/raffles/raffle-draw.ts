import { createHash, randomBytes } from 'node:crypto';
import { createRoundRng, serverSeedHash } from '@fortuna/signing/provably-fair-rng';

/**
 * The raffle's verifiable draw (ADR 067), the house lottery's way (ADR 040): the seed's hash is
 * published when the raffle is created, the closing value is fixed only when tickets close, the
 * winning ticket numbers come from the provably fair stream (packages/signing) keyed by the seed
 * over the closing value, and the seed is revealed after the draw. Pure: the draw job and the
 * public verify call run the same functions.
 */

export const newRaffleSeed = () => randomBytes(32).toString('hex');

/** The commitment: SHA-256 of the seed's hex text, as the house games publish theirs. */
export const raffleSeedHash = serverSeedHash;

export interface ClosedRaffleTicket {
  number: number;
  memberId: bigint;
  source: string;
}

/**
 * SHA-256 of the raffle's code and its closed tickets, one JSON array per line by ticket number.
 * Nobody knows it before tickets close, and no one ticket can be added to aim at a result without
 * changing every number that follows from it.
 */
export function closingValueOf(code: string, tickets: readonly ClosedRaffleTicket[]): string {
  const lines = [...tickets]
    .sort((a, b) => a.number - b.number)
    .map((ticket) => JSON.stringify([ticket.number, ticket.memberId.toString(), ticket.source]));
  return createHash('sha256')
    .update([JSON.stringify(code), ...lines].join('\n'))
    .digest('hex');
}

const HEX_64 = /^[0-9a-f]{64}$/;

/**
 * The winning ticket numbers, in rank order: ticket numbers 1 … ticketCount drawn uniformly
 * (rejection sampling in the stream's `int`, never a modulo bias) without replacement (a number
 * drawn again is skipped and another drawn). As many as there are prizes, or tickets if fewer.
 */
export function winningTickets(
  seed: string,
  closingValue: string,
  ticketCount: number,
  prizes: number,
): number[] {
  if (!HEX_64.test(seed)) throw new RangeError('seed must be 64 lower-case hex characters');
  if (!HEX_64.test(closingValue)) throw new RangeError('closing value must be 64 lower-case hex characters');
  if (!Number.isInteger(ticketCount) || ticketCount < 0) throw new RangeError('ticket count must be ≥ 0');
  const wanted = Math.min(prizes, ticketCount);
  const rng = createRoundRng(seed, closingValue, 0);
  const drawn = new Set<number>();
  const order: number[] = [];
  while (order.length < wanted) {
    const number = rng.int(ticketCount) + 1;
    if (drawn.has(number)) continue;
    drawn.add(number);
    order.push(number);
  }
  return order;
}

/** What anyone can check after the draw: the seed keeps its promise, and the winners recompute. */
export function verifyRaffle(input: {
  seed: string;
  seedHash: string;
  closingValue: string;
  ticketCount: number;
  publishedTickets: readonly number[];
}) {
  const recomputedTickets = winningTickets(
    input.seed,
    input.closingValue,
    input.ticketCount,
    input.publishedTickets.length,
  );
  return {
    hashMatches: raffleSeedHash(input.seed) === input.seedHash,
    recomputedTickets,
    winnersMatch: JSON.stringify(recomputedTickets) === JSON.stringify(input.publishedTickets),
  };
}
