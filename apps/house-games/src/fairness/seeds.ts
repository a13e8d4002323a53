import { randomBytes } from 'node:crypto';
import { serverSeedHash } from '@fortuna/signing/provably-fair-rng';

/** One player session's fairness state: the secret server seed, its public hash, the client seed, the nonce. */
export interface SeedState {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  /** The nonce the next round will use; rounds use 0, 1, 2 … under one server seed. */
  nonce: number;
}

export interface RevealedSeed {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  /** Rounds played under it: nonces 0 … roundsPlayed − 1. */
  roundsPlayed: number;
}

export const newServerSeed = () => randomBytes(32).toString('hex');
export const newClientSeed = () => randomBytes(8).toString('hex');

/** 1–64 printable ASCII characters without ":" (it separates the HMAC message's fields). */
export const CLIENT_SEED_PATTERN = /^[\x21-\x39\x3b-\x7e]{1,64}$/;

export function freshSeeds(clientSeed = newClientSeed()): SeedState {
  const serverSeed = newServerSeed();
  return { serverSeed, serverSeedHash: serverSeedHash(serverSeed), clientSeed, nonce: 0 };
}

/** Takes the nonce for a new round. */
export function takeNonce(state: SeedState): number {
  const nonce = state.nonce;
  state.nonce += 1;
  return nonce;
}

/**
 * Ends the current server seed and reveals it, committing to a new one. A new client seed is a
 * rotation too: the player's seed must never change under a server seed already committed and
 * partly played, or the pairing could be chosen after seeing the hash.
 */
export function rotateSeeds(state: SeedState, clientSeed = state.clientSeed): RevealedSeed {
  if (!CLIENT_SEED_PATTERN.test(clientSeed))
    throw new RangeError('client seed must be 1–64 printable characters, no ":"');
  const revealed = {
    serverSeed: state.serverSeed,
    serverSeedHash: state.serverSeedHash,
    clientSeed: state.clientSeed,
    roundsPlayed: state.nonce,
  };
  Object.assign(state, freshSeeds(clientSeed));
  return revealed;
}
