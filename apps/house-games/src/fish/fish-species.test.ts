import { createHash } from 'node:crypto';
import { createRoundRng, type RoundRng } from '@fortuna/signing/provably-fair-rng';
import { describe, expect, it } from 'vitest';
import { FISH_RTP_PERCENT, FISH_SPECIES, shoot } from './fish-species.ts';

const fixed = (value: number): RoundRng => ({ int: () => value, uint32: () => value, float: () => 0 });

describe('fish shots', () => {
  it('when the roll is below 96, then the fish is caught and pays bet × multiplier; from 96 up it escapes', () => {
    const shark = FISH_SPECIES.find((species) => species.id === 'shark');
    if (!shark) throw new Error('no shark');
    expect(shoot(fixed(95), shark, 100)).toMatchObject({ caught: true, winMinor: 2000 });
    expect(shoot(fixed(96), shark, 100)).toMatchObject({ caught: false, winMinor: 0 });
  });

  it.each(FISH_SPECIES.map((species) => [species.name, species] as const))(
    'when %s is shot at, then its exact return is 96%: 96 catching rolls of multiplier × 100, each paying the multiplier',
    (_name, species) => {
      const outcomes = species.multiplier * 100;
      expect((FISH_RTP_PERCENT / outcomes) * species.multiplier).toBeCloseTo(0.96, 12);
    },
  );

  // Simulation through the real stream: 1,000,000 shots spread over the species; the measured
  // return must be within 4 standard errors of 96%.
  const SHOTS = Number(process.env.HOUSE_RTP_ROUNDS ?? 1_000_000);
  it(`when ${SHOTS} shots are fired, then the return is 96% within 4 standard errors`, () => {
    const seed = createHash('sha256').update('fish-rtp-proof').digest('hex');
    let sum = 0;
    let sumOfSquares = 0;
    for (let nonce = 0; nonce < SHOTS; nonce += 1) {
      const species = FISH_SPECIES[nonce % FISH_SPECIES.length];
      if (!species) throw new Error('no species');
      const ret = shoot(createRoundRng(seed, 'fish', nonce), species, 1).winMinor;
      sum += ret;
      sumOfSquares += ret * ret;
    }
    const mean = sum / SHOTS;
    const se = Math.sqrt((sumOfSquares / SHOTS - mean * mean) / (SHOTS - 1));
    expect(Math.abs(mean - 0.96)).toBeLessThan(4 * se);
  }, 300_000);
});
