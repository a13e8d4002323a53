import { describe, expect, it } from 'vitest';
import { betTypesOf, type DrawKind } from './bet-types.ts';
import { DIGIT_COUNTS, type DigitFamily } from './house-draws.ts';
import { fullOddsRtp, kenoMatchProbability, modeReturn, xienProbability } from './lottery-rtp.ts';
import { FULL_ODDS, ticketOdds } from './odds-tables.ts';
import { PRIZE_MODE_CODES } from './prize-modes.ts';
import { settleBet } from './settle-bet.ts';

const KINDS = Object.keys(FULL_ODDS) as DrawKind[];

describe('the odds tables’ return to player', () => {
  it('when any bet is placed in any mode, then the house keeps an edge (odds RTP × scale + rebate < 100%)', () => {
    for (const kind of KINDS)
      for (const betType of betTypesOf(kind))
        for (const mode of PRIZE_MODE_CODES) {
          const back = modeReturn(kind, betType, mode);
          expect(back, `${kind} ${betType} ${mode}`).toBeLessThan(1);
          expect(back, `${kind} ${betType} ${mode}`).toBeGreaterThan(0.4);
        }
  });

  it('when every draw kind is listed, then every bet type it offers has full odds', () => {
    for (const kind of KINDS)
      for (const betType of betTypesOf(kind)) expect(FULL_ODDS[kind][betType]).toBeDefined();
  });

  it('when the headline bets are computed, then they give the published figures', () => {
    expect(fullOddsRtp('north', 'lo2')).toBeCloseTo(0.99, 12);
    expect(fullOddsRtp('south', 'lo2')).toBeCloseTo(0.99, 12);
    expect(fullOddsRtp('north', 'de')).toBeCloseTo(0.99, 12);
    expect(fullOddsRtp('keno', 'keno-pick-1')).toBeCloseTo(0.975, 12);
    expect(fullOddsRtp('race', 'race-exacta')).toBeCloseTo(88 / 90, 12);
    expect(fullOddsRtp('5d', 'big-small')).toBeCloseTo(0.98, 12);
    expect(fullOddsRtp('sea-2d', 'big-small')).toBeCloseTo(0.45 * 1.96, 12);
  });

  it('when xiên odds are checked against counting every outcome of three prizes, then inclusion–exclusion agrees', () => {
    let both = 0;
    for (let a = 0; a < 100; a += 1)
      for (let b = 0; b < 100; b += 1)
        for (let c = 0; c < 100; c += 1) {
          const seen = [a, b, c];
          if (seen.includes(12) && seen.includes(34)) both += 1;
        }
    expect(xienProbability(2, 3)).toBeCloseTo(both / 1e6, 12);
    expect(xienProbability(1, 27)).toBeCloseTo(1 - 0.99 ** 27, 12);
  });

  it('when keno match chances are summed over every count, then they make 1', () => {
    for (let picked = 1; picked <= 5; picked += 1) {
      const total = Array.from({ length: picked + 1 }, (_, m) => kenoMatchProbability(picked, m)).reduce(
        (s, p) => s + p,
      );
      expect(total).toBeCloseTo(1, 12);
    }
  });

  it('when settlement runs over every possible digit draw, then its mean return is the table’s exact RTP', () => {
    for (const family of Object.keys(DIGIT_COUNTS) as DigitFamily[]) {
      const digits = DIGIT_COUNTS[family];
      const bets = [
        { betType: 'straight' as const, selection: Array.from({ length: digits }, (_, i) => (i * 3) % 10) },
        { betType: 'position' as const, selection: [digits, 4] },
        { betType: 'big-small' as const, selection: [1] },
      ];
      for (const { betType, selection } of bets) {
        const stake = 10_000;
        const odds = ticketOdds(family, betType, 'ELOTT');
        let returned = 0;
        for (let outcome = 0; outcome < 10 ** digits; outcome += 1) {
          const drawn = String(outcome).padStart(digits, '0').split('').map(Number);
          returned += settleBet(
            { betType, selection, stakeMinor: stake, odds },
            { family, digits: drawn },
          ).payoutMinor;
        }
        expect(returned / (stake * 10 ** digits), `${family} ${betType}`).toBeCloseTo(
          fullOddsRtp(family, betType),
          9,
        );
      }
    }
  });
});

describe('each prize mode’s own odds (ADR 056)', () => {
  const total = (
    kind: DrawKind,
    betType: Parameters<typeof fullOddsRtp>[1],
    mode: (typeof PRIZE_MODE_CODES)[number],
  ) => modeReturn(kind, betType, mode);

  it('when a fast-draw bet is priced in each mode, then it returns the figures ADR 056 publishes', () => {
    const published: [DrawKind, Parameters<typeof fullOddsRtp>[1], Record<string, number>][] = [
      ['3d', 'big-small', { ELOTT: 0.98, ZY: 0.9703, LOTT: 0.9656, SEA: 0.961 }],
      ['keno', 'keno-pick-1', { ELOTT: 0.975, ZY: 0.9654, LOTT: 0.9608, SEA: 0.9563 }],
      ['race', 'race-exacta', { ELOTT: 0.9778, ZY: 0.9681, LOTT: 0.9634, SEA: 0.9589 }],
      ['5d', 'straight', { ELOTT: 0.98, ZY: 0.9703, LOTT: 0.9656, SEA: 0.961 }],
    ];
    for (const [kind, betType, byMode] of published)
      for (const mode of PRIZE_MODE_CODES)
        expect(total(kind, betType, mode), `${kind} ${betType} ${mode}`).toBeCloseTo(byMode[mode] ?? 0, 4);
  });

  it('when the modes are compared on every bet, then ELOTT pays the most odds and keeps the least margin, ZY next, then LOTT, then SEA', () => {
    const order = ['ELOTT', 'ZY', 'LOTT', 'SEA'] as const;
    for (const kind of KINDS)
      for (const betType of betTypesOf(kind))
        for (let i = 1; i < order.length; i += 1) {
          const [better, worse] = [
            order[i - 1] as (typeof order)[number],
            order[i] as (typeof order)[number],
          ];
          const label = `${kind} ${betType} ${better} > ${worse}`;
          expect(ticketOdds(kind, betType, better), label).not.toEqual(ticketOdds(kind, betType, worse));
          expect(total(kind, betType, better), label).toBeGreaterThan(total(kind, betType, worse));
        }
  });
});
