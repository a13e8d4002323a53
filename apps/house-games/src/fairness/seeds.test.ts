import { serverSeedHash } from '@fortuna/signing/provably-fair-rng';
import { describe, expect, it } from 'vitest';
import { CLIENT_SEED_PATTERN, freshSeeds, rotateSeeds, takeNonce } from './seeds.ts';

describe('seeds', () => {
  it('when seeds are fresh, then the shown hash commits to the hidden server seed', () => {
    const state = freshSeeds('mine');
    expect(state.serverSeedHash).toBe(serverSeedHash(state.serverSeed));
    expect(state.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(state.nonce).toBe(0);
  });

  it('when rounds are played, then each takes the next nonce', () => {
    const state = freshSeeds('mine');
    expect([takeNonce(state), takeNonce(state), takeNonce(state)]).toEqual([0, 1, 2]);
  });

  it('when the seeds rotate, then the old server seed is revealed, matches its hash, and a new one is committed', () => {
    const state = freshSeeds('mine');
    const before = { ...state };
    takeNonce(state);
    const revealed = rotateSeeds(state, 'new-seed');
    expect(revealed).toEqual({
      serverSeed: before.serverSeed,
      serverSeedHash: before.serverSeedHash,
      clientSeed: 'mine',
      roundsPlayed: 1,
    });
    expect(serverSeedHash(revealed.serverSeed)).toBe(revealed.serverSeedHash);
    expect(state.serverSeed).not.toBe(before.serverSeed);
    expect(state.clientSeed).toBe('new-seed');
    expect(state.nonce).toBe(0);
  });

  it('when a client seed is empty, too long or holds ":", then rotation refuses it and keeps the seeds', () => {
    const state = freshSeeds('mine');
    const before = { ...state };
    for (const bad of ['', 'x'.repeat(65), 'a:b', 'with space']) {
      expect(CLIENT_SEED_PATTERN.test(bad)).toBe(false);
      expect(() => rotateSeeds(state, bad)).toThrow(RangeError);
    }
    expect(state).toEqual(before);
  });
});
