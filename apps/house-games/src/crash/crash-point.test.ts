import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CRASH_MAX,
  CRASH_RETURN,
  crashPointOf,
  crashWin,
  millisecondsTo,
  multiplierAt,
} from './crash-point.ts';

describe('crash point', () => {
  it('when the same seed and round are given, then the same crash point comes out, and another round differs', () => {
    const seed = 'ab'.repeat(32);
    expect(crashPointOf(seed, 7)).toBe(crashPointOf(seed, 7));
    const points = new Set(Array.from({ length: 50 }, (_, round) => crashPointOf(seed, round)));
    expect(points.size).toBeGreaterThan(20);
  });

  it('when the multiplier runs, then it starts at 1.00, grows, and reaches a target at the time computed for it', () => {
    expect(multiplierAt(0)).toBe(100);
    expect(multiplierAt(-5)).toBe(100);
    for (const target of [101, 150, 200, 1000, 100_000]) {
      expect(multiplierAt(millisecondsTo(target))).toBeGreaterThanOrEqual(target);
      expect(multiplierAt(millisecondsTo(target) - 20)).toBeLessThan(target);
    }
  });

  it('when a cash-out pays, then it is the bet times the multiplier, never rounded up', () => {
    expect(crashWin(1000, 237)).toBe(2370);
    expect(crashWin(105, 150)).toBe(157);
  });

  // The proof: P(crash ≥ x) = 0.97 / x exactly, so every cash-out target returns 97%. Checked on
  // 1,000,000 rounds for several targets, each within 4 standard errors of its binomial rate.
  const ROUNDS = Number(process.env.HOUSE_RTP_ROUNDS ?? 1_000_000);
  it(`when ${ROUNDS} rounds are drawn, then P(crash ≥ x) is 0.97 / x for every target and so the RTP is 97%`, () => {
    const seed = createHash('sha256').update('crash-rtp-proof').digest('hex');
    const targets = [101, 150, 200, 500, 1000, 10_000];
    const reached = new Array(targets.length).fill(0);
    let instant = 0;
    let max = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const crash = crashPointOf(seed, round);
      if (crash === 100) instant += 1;
      max = Math.max(max, crash);
      targets.forEach((target, i) => {
        if (crash >= target) reached[i] += 1;
      });
    }
    targets.forEach((target, i) => {
      const p = (CRASH_RETURN * 100) / target;
      const rate = reached[i] / ROUNDS;
      const se = Math.sqrt((p * (1 - p)) / ROUNDS);
      expect(Math.abs(rate - p)).toBeLessThan(4 * se);
      // The return of always cashing out at this target, within 4 of its standard errors of 97%.
      const rtp = (rate * target) / 100;
      expect(Math.abs(rtp - CRASH_RETURN)).toBeLessThan((4 * se * target) / 100);
    });
    // A round ends at 1.00 (nobody can win: the lowest target is 1.01) with P = 1 − 0.97 / 1.01.
    const pInstant = 1 - 97 / 101;
    const instantSe = Math.sqrt((pInstant * (1 - pInstant)) / ROUNDS);
    expect(Math.abs(instant / ROUNDS - pInstant)).toBeLessThan(4 * instantSe);
    expect(max).toBeLessThanOrEqual(CRASH_MAX * 100);
  }, 300_000);
});
