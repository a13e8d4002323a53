import { describe, expect, it } from 'vitest';
import { bonusShareOf, splitStake } from './bonus-stakes.ts';

describe('the stake split: real money first, then bonus (ADR 059)', () => {
  it('when the stake equals the real balance, then it is all real and the bonus is untouched', () => {
    expect(splitStake(5_000n, 5_000n, 3_000n)).toEqual({ realMinor: 5_000n, bonusMinor: 0n });
  });

  it('when the stake is below the real balance, then it is all real', () => {
    expect(splitStake(1n, 5_000n, 3_000n)).toEqual({ realMinor: 1n, bonusMinor: 0n });
  });

  it('when the stake is over the real balance, then all the real money goes and bonus pays the rest', () => {
    expect(splitStake(6_000n, 5_000n, 3_000n)).toEqual({ realMinor: 5_000n, bonusMinor: 1_000n });
  });

  it('when the real balance is 0, then the stake is all bonus', () => {
    expect(splitStake(2_500n, 0n, 3_000n)).toEqual({ realMinor: 0n, bonusMinor: 2_500n });
  });

  it('when real and bonus together are exactly the stake, then both are emptied', () => {
    expect(splitStake(8_000n, 5_000n, 3_000n)).toEqual({ realMinor: 5_000n, bonusMinor: 3_000n });
  });

  it('when real and bonus together fall short by one, then the stake is refused', () => {
    expect(splitStake(8_001n, 5_000n, 3_000n)).toBeUndefined();
  });
});

describe('a win returns in the shares that funded the stake (ADR 059)', () => {
  it('when a round staked 60 real and 40 bonus wins 250, then 100 returns to bonus and 150 to real', () => {
    expect(bonusShareOf(250n, 100n, 40n)).toBe(100n);
  });

  it('when the share does not divide, then the bonus share is rounded down and the member’s real share gets the rest', () => {
    // 100 × 1/3 = 33.33…
    expect(bonusShareOf(100n, 3n, 1n)).toBe(33n);
  });

  it('when the round was staked with real money only, then nothing returns to bonus', () => {
    expect(bonusShareOf(10_000n, 5_000n, 0n)).toBe(0n);
  });

  it('when the round was staked with bonus only, then the whole win returns to bonus', () => {
    expect(bonusShareOf(7_777n, 2_500n, 2_500n)).toBe(7_777n);
  });

  it('when nothing is won, then nothing returns', () => {
    expect(bonusShareOf(0n, 2_500n, 1_000n)).toBe(0n);
  });
});
