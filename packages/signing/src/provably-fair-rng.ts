import { createHash, createHmac } from 'node:crypto';

/**
 * Provably fair randomness. A round's numbers come from the stream of HMAC-SHA256 blocks keyed
 * by the server seed (its hex text) over `<clientSeed>:<nonce>:<cursor>`, cursor 0, 1, 2 … Each
 * 32-byte block gives eight big-endian unsigned 32-bit words, used in order. Anyone holding the
 * revealed server seed can recompute every number (see /verify and README).
 *
 * Shared by the house games (rounds, house lottery draws) and the platform's raffle draws (ADR 067),
 * so a verifier needs one derivation, not two copies that could drift apart.
 */
export interface RoundRng {
  /** The next word, uniform on [0, 2^32). */
  uint32(): number;
  /** Uniform on [0, n), without modulo bias (words above the last whole multiple of n are skipped). */
  int(n: number): number;
  /** Uniform on [0, 1) with 53 bits: two words. */
  float(): number;
}

const TWO_32 = 2 ** 32;

export function createRoundRng(serverSeed: string, clientSeed: string, nonce: number): RoundRng {
  let cursor = 0;
  let block = Buffer.alloc(0);
  let offset = 32;
  const uint32 = (): number => {
    if (offset >= 32) {
      block = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${cursor}`).digest();
      cursor += 1;
      offset = 0;
    }
    const word = block.readUInt32BE(offset);
    offset += 4;
    return word;
  };
  return {
    uint32,
    int(n) {
      if (!Number.isInteger(n) || n < 1 || n > TWO_32)
        throw new RangeError(`int(n) needs 1 ≤ n ≤ 2^32, got ${n}`);
      const limit = TWO_32 - (TWO_32 % n);
      for (;;) {
        const word = uint32();
        if (word < limit) return word % n;
      }
    },
    float() {
      const high = uint32() >>> 5; // 27 bits
      const low = uint32() >>> 6; // 26 bits
      return (high * 2 ** 26 + low) / 2 ** 53;
    },
  };
}

/** The commitment shown before play: lower-case hex SHA-256 of the server seed's hex text. */
export function serverSeedHash(serverSeed: string): string {
  return createHash('sha256').update(serverSeed).digest('hex');
}
