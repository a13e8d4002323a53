import type { RoundRng } from '@fortuna/signing/provably-fair-rng';
import { describe, expect, it } from 'vitest';
import { evaluateLine, evaluateSpin, playRound, windowAt } from './slot-engine.ts';
import { LINES_20, type SlotGame } from './slot-game.ts';
import { baseGameStats, exactRtp } from './slot-rtp.ts';

// A small hand-made game: each reel strip is short enough to reason about stop by stop.
const game: SlotGame = {
  code: 'test-slot',
  name: 'Test',
  tagline: '',
  statedRtp: 0,
  rows: 3,
  symbols: [
    { id: 'W', name: 'Wild', kind: 'wild', pays: [50, 250, 1000] },
    { id: 'S', name: 'Scatter', kind: 'scatter', pays: [2, 10, 50] },
    { id: 'K', name: 'Koi', kind: 'regular', pays: [25, 100, 500] },
    { id: 'J', name: 'J', kind: 'regular', pays: [3, 10, 40] },
  ],
  // Stop 0 shows K K K, stop 3 shows J S W, stop 6 shows W J K.
  reels: Array.from({ length: 5 }, () => ['K', 'K', 'K', 'J', 'S', 'W', 'W', 'J', 'K']),
  lines: LINES_20,
  freeSpins: { awards: [10, 15, 20], multiplier: 2 },
  betsMinor: [20, 200],
  theme: { background: '', frame: '', accent: '', text: '', titleFont: '' },
};

/** An RNG that hands out the given reel stops, in order. */
function scriptedRng(stops: number[]): RoundRng {
  let next = 0;
  const int = () => {
    const value = stops[next];
    next += 1;
    if (value === undefined) throw new Error('script ran out of stops');
    return value;
  };
  return { int, uint32: int, float: () => 0 };
}

describe('line evaluation', () => {
  it('when five of a kind lie on a line, then it pays the five-of-a-kind pay', () => {
    expect(evaluateLine(game, ['K', 'K', 'K', 'K', 'K'])).toEqual({ symbol: 'K', count: 5, pay: 500 });
  });

  it('when a wild sits inside a run, then it substitutes for the symbol', () => {
    expect(evaluateLine(game, ['K', 'W', 'K', 'K', 'J'])).toEqual({ symbol: 'K', count: 4, pay: 100 });
  });

  it('when leading wilds pay more on their own than with the symbol after them, then the wilds pay', () => {
    expect(evaluateLine(game, ['W', 'W', 'W', 'J', 'K'])).toEqual({ symbol: 'W', count: 3, pay: 50 });
  });

  it('when leading wilds complete a better run of a symbol, then the symbol pays', () => {
    expect(evaluateLine(game, ['W', 'W', 'K', 'K', 'K'])).toEqual({ symbol: 'K', count: 5, pay: 500 });
  });

  it('when the run is shorter than three or breaks at reel 2, then the line pays nothing', () => {
    expect(evaluateLine(game, ['K', 'K', 'J', 'K', 'K']).pay).toBe(0);
    expect(evaluateLine(game, ['J', 'K', 'K', 'K', 'K']).pay).toBe(0);
  });

  it('when a scatter is on the line, then it ends the run and never pays on the line, and wilds do not stand in for it', () => {
    expect(evaluateLine(game, ['K', 'K', 'S', 'K', 'K']).pay).toBe(0);
    expect(evaluateLine(game, ['S', 'S', 'S', 'S', 'S']).pay).toBe(0);
    expect(evaluateLine(game, ['W', 'W', 'S', 'S', 'S']).pay).toBe(0);
  });
});

describe('spin evaluation', () => {
  it('when every reel stops at 0, then the top three lines hold koi and every line pays five koi', () => {
    const spin = evaluateSpin(game, [0, 0, 0, 0, 0], 200);
    expect(spin.window).toEqual(Array.from({ length: 5 }, () => ['K', 'K', 'K']));
    // Line bet 200 / 20 = 10; each of the 20 lines pays 500 × 10.
    expect(spin.lineWins).toHaveLength(20);
    expect(spin.lineWins[0]).toEqual({ line: 0, symbol: 'K', count: 5, winMinor: 5000 });
    expect(spin.winMinor).toBe(100_000);
    expect(spin.scatter.count).toBe(0);
  });

  it('when three scatters show anywhere, then they pay the total bet times their pay and award free spins', () => {
    // Reels 1–3 at stop 3 show J S W (scatter in the middle row); reels 4–5 at 0 show koi.
    const spin = evaluateSpin(game, [3, 3, 3, 0, 0], 200);
    expect(spin.scatter).toEqual({
      count: 3,
      winMinor: 400,
      positions: [
        [0, 1],
        [1, 1],
        [2, 1],
      ],
    });
    expect(spin.freeSpinsAwarded).toBe(10);
    // Line 1 (top row) reads J J J K K: three J pay 3 × 10; line 3 (bottom) W W W K K pays five koi.
    expect(spin.lineWins.find((win) => win.line === 1)).toEqual({
      line: 1,
      symbol: 'J',
      count: 3,
      winMinor: 30,
    });
    expect(spin.lineWins.find((win) => win.line === 2)).toEqual({
      line: 2,
      symbol: 'K',
      count: 5,
      winMinor: 5000,
    });
  });

  it('when the window wraps past the strip end, then it continues at the strip start', () => {
    expect(windowAt(game, [8, 8, 8, 8, 8])[0]).toEqual(['K', 'K', 'K']);
    expect(windowAt(game, [7, 0, 0, 0, 0])[0]).toEqual(['J', 'K', 'K']);
  });

  it('when a free spin wins, then the multiplier applies to lines and scatters', () => {
    const plain = evaluateSpin(game, [3, 3, 3, 0, 0], 200, 1);
    const doubled = evaluateSpin(game, [3, 3, 3, 0, 0], 200, 2);
    expect(doubled.winMinor).toBe(plain.winMinor * 2);
    expect(doubled.scatter.winMinor).toBe(800);
  });
});

describe('rounds with free spins', () => {
  it('when the base spin triggers and a free spin retriggers, then every awarded spin is played and paid', () => {
    const trigger = [3, 3, 3, 7, 7]; // three scatters, nothing else on reels 4–5 that joins a run
    const blank = [7, 7, 7, 7, 7]; // J K K on every reel
    const script = [...trigger, ...trigger, ...Array.from({ length: 19 }, () => blank).flat()];
    const round = playRound(game, scriptedRng(script), 20);
    expect(round.base.freeSpinsAwarded).toBe(10);
    // 10 awarded, the first free spin adds 10 more: 20 free spins in all.
    expect(round.freeSpins).toHaveLength(20);
    expect(round.freeSpins.every((spin) => spin.multiplier === 2)).toBe(true);
    expect(round.winMinor).toBe(
      round.freeSpins.reduce((sum, spin) => sum + spin.winMinor, round.base.winMinor),
    );
    expect(round.freeSpins[0]?.winMinor).toBe(round.base.winMinor * 2);
  });

  it('when the bet is not one of the game’s bets, then the round is refused', () => {
    expect(() => playRound(game, scriptedRng([0, 0, 0, 0, 0]), 30)).toThrow(RangeError);
  });
});

describe('exact RTP method', () => {
  it('when the base game is enumerated stop by stop, then its lines and scatter pay agree with exactRtp', () => {
    const strip = game.reels[0]?.length ?? 0;
    let lines = 0;
    let scatter = 0;
    let triggers = 0;
    const stops = [0, 0, 0, 0, 0];
    const total = strip ** 5;
    for (let i = 0; i < total; i += 1) {
      let rest = i;
      for (let reel = 0; reel < 5; reel += 1) {
        stops[reel] = rest % strip;
        rest = Math.floor(rest / strip);
      }
      const spin = evaluateSpin(game, [...stops], 20);
      scatter += spin.scatter.winMinor;
      lines += spin.winMinor - spin.scatter.winMinor;
      triggers += spin.freeSpinsAwarded;
    }
    const exact = baseGameStats(game);
    expect(lines / total / 20).toBeCloseTo(exact.lines, 12);
    expect(scatter / total / 20).toBeCloseTo(exact.scatter, 12);
    expect(triggers / total).toBeCloseTo(exact.awardsPerSpin, 12);
  });

  it('when free spins would retrigger forever on average, then exactRtp refuses the game', () => {
    expect(() => exactRtp(game)).toThrow(/never end/);
  });
});
