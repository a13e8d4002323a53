import { createHash } from 'node:crypto';
import { createRoundRng } from '@fortuna/signing/provably-fair-rng';
import { describe, expect, it } from 'vitest';
import { exactBaccaratRtp, exactOutcomeOdds } from './baccarat-rtp.ts';
import { bankerDraws, dealHand, payoutOf, playCoup, SPOTS } from './baccarat-rules.ts';

const coupOf = (values: number[]) => {
  let at = 0;
  return playCoup(() => values[at++] as number);
};

describe('baccarat rules', () => {
  it('when either hand has a natural 8 or 9, then nobody draws', () => {
    expect(coupOf([4, 3, 4, 3])).toEqual({ player: [4, 4], banker: [3, 3], outcome: 'PLAYER' });
    expect(coupOf([1, 9, 1, 0])).toEqual({ player: [1, 1], banker: [9, 0], outcome: 'BANKER' });
  });

  it('when the player has 0–5, then it draws; on 6–7 it stands and the banker draws on 0–5', () => {
    expect(coupOf([2, 0, 3, 6, 4])).toEqual({ player: [2, 3, 4], banker: [0, 6], outcome: 'PLAYER' });
    expect(coupOf([3, 2, 3, 3, 2])).toEqual({ player: [3, 3], banker: [2, 3, 2], outcome: 'BANKER' });
    expect(coupOf([3, 3, 4, 3])).toEqual({ player: [3, 4], banker: [3, 3], outcome: 'PLAYER' });
  });

  it('when the banker decides on a third card, then the tableau is followed to the letter', () => {
    expect(bankerDraws(3, 8)).toBe(false);
    expect(bankerDraws(3, 9)).toBe(true);
    expect(bankerDraws(4, 1)).toBe(false);
    expect(bankerDraws(4, 2)).toBe(true);
    expect(bankerDraws(5, 3)).toBe(false);
    expect(bankerDraws(5, 4)).toBe(true);
    expect(bankerDraws(6, 6)).toBe(true);
    expect(bankerDraws(6, 5)).toBe(false);
    expect(bankerDraws(7, 6)).toBe(false);
    expect(bankerDraws(2, 8)).toBe(true);
    expect(bankerDraws(5, null)).toBe(true);
    expect(bankerDraws(6, null)).toBe(false);
  });

  it('when bets are paid, then PLAYER pays 1:1, BANKER 0.95:1 rounded down, TIE 8:1, and a tie returns the other stakes', () => {
    expect(payoutOf('PLAYER', 'PLAYER', 100)).toBe(200);
    expect(payoutOf('BANKER', 'BANKER', 100)).toBe(195);
    expect(payoutOf('BANKER', 'BANKER', 110)).toBe(214);
    expect(payoutOf('TIE', 'TIE', 100)).toBe(900);
    expect(payoutOf('PLAYER', 'TIE', 100)).toBe(100);
    expect(payoutOf('BANKER', 'PLAYER', 100)).toBe(0);
    expect(payoutOf('TIE', 'BANKER', 100)).toBe(0);
  });

  it('when a hand is dealt from a seed, then it is the same every time and its totals follow the cards', () => {
    const seed = 'ef'.repeat(32);
    const hand = dealHand(createRoundRng(seed, 'baccarat', 3));
    expect(dealHand(createRoundRng(seed, 'baccarat', 3))).toEqual(hand);
    const points = (cards: { rank: number }[]) =>
      cards.reduce((sum, card) => sum + (card.rank >= 10 ? 0 : card.rank), 0) % 10;
    expect(points(hand.player)).toBe(hand.playerTotal);
    expect(points(hand.banker)).toBe(hand.bankerTotal);
  });
});

describe('baccarat RTP', () => {
  const exact = exactBaccaratRtp();
  const odds = exactOutcomeOdds();

  it('when every deal of a fresh 8-deck shoe is weighed, then the odds and returns are the published 8-deck figures', () => {
    expect(odds.PLAYER + odds.BANKER + odds.TIE).toBeCloseTo(1, 10);
    expect(odds.BANKER).toBeCloseTo(0.458597, 6);
    expect(odds.PLAYER).toBeCloseTo(0.446247, 6);
    expect(odds.TIE).toBeCloseTo(0.095156, 6);
    expect(exact.BANKER).toBeCloseTo(0.98942, 5);
    expect(exact.PLAYER).toBeCloseTo(0.98765, 5);
    expect(exact.TIE).toBeCloseTo(0.8564, 5);
  });

  // The deal itself (card by card from the seeded shoe), 300,000 coups: each outcome's rate and
  // each bet's return within 4 standard errors of the exact figures.
  const COUPS = Math.min(Number(process.env.HOUSE_RTP_ROUNDS ?? 300_000), 300_000);
  it(`when ${COUPS} coups are dealt, then outcomes and returns match the exact figures`, () => {
    const seed = createHash('sha256').update('baccarat-rtp-proof').digest('hex');
    const sums = { PLAYER: 0, BANKER: 0, TIE: 0 };
    const squares = { PLAYER: 0, BANKER: 0, TIE: 0 };
    const seen = { PLAYER: 0, BANKER: 0, TIE: 0 };
    for (let round = 0; round < COUPS; round += 1) {
      const { outcome } = dealHand(createRoundRng(seed, 'baccarat', round));
      seen[outcome] += 1;
      for (const spot of SPOTS) {
        const ret = payoutOf(spot, outcome, 100) / 100;
        sums[spot] += ret;
        squares[spot] += ret * ret;
      }
    }
    for (const spot of SPOTS) {
      const mean = sums[spot] / COUPS;
      const se = Math.sqrt((squares[spot] / COUPS - mean * mean) / (COUPS - 1));
      expect(Math.abs(mean - exact[spot])).toBeLessThan(4 * se);
      const p = odds[spot];
      expect(Math.abs(seen[spot] / COUPS - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / COUPS));
    }
  }, 300_000);
});
