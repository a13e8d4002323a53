import { evaluateLine, symbolOf } from './slot-engine.ts';
import type { SlotGame } from './slot-game.ts';

export interface RtpBreakdown {
  /** Expected line pay of one spin, per unit of total bet. */
  lines: number;
  /** Expected scatter pay of one spin, per unit of total bet. */
  scatter: number;
  /** P(3, 4, 5+ scatters) on one spin. */
  scatterOdds: [number, number, number];
  /** Expected free spins one spin awards (the branching factor m; must be < 1). */
  awardsPerSpin: number;
  /** Expected free-spin pay per paid spin, per unit of total bet. */
  freeSpins: number;
  /** The whole return to player. */
  rtp: number;
  /** Probability that a paid spin starts free spins. */
  triggerRate: number;
}

/**
 * The exact return to player, by the game's own evaluation code on every symbol combination.
 *
 * Lines: a reel stops uniformly, so each window row on a reel shows symbol s with probability
 * (copies of s) / (strip length), and rows on different reels are independent. Every line thus
 * sees the same distribution of 5-symbol tuples; summing evaluateLine's pay over all tuples times
 * their probability gives the expected pay of one line in line bets, which (total bet = lines ×
 * line bet) is also the lines' share of the RTP.
 *
 * Scatters: each reel's visible scatter count is tallied over all its stops, and the reels are
 * convolved into the distribution of the total.
 *
 * Free spins: every spin (paid or free) awards A_k spins for k scatters; with m = Σ P(k)·A_k < 1
 * the expected number of free spins a paid spin leads to is m / (1 − m) (a branching process), and
 * by Wald's identity each of them is worth the multiplier × (lines + scatter).
 */
export function exactRtp(game: SlotGame): RtpBreakdown {
  const { lines, scatter, scatterOdds, awardsPerSpin } = baseGameStats(game);
  if (awardsPerSpin >= 1)
    throw new Error(`${game.code}: free spins would never end on average (m = ${awardsPerSpin})`);
  const freeSpins = (awardsPerSpin / (1 - awardsPerSpin)) * game.freeSpins.multiplier * (lines + scatter);
  return {
    lines,
    scatter,
    scatterOdds,
    awardsPerSpin,
    freeSpins,
    rtp: lines + scatter + freeSpins,
    triggerRate: scatterOdds[0] + scatterOdds[1] + scatterOdds[2],
  };
}

/** One spin's exact expectations (paid or free, before any multiplier). */
export function baseGameStats(
  game: SlotGame,
): Pick<RtpBreakdown, 'lines' | 'scatter' | 'scatterOdds' | 'awardsPerSpin'> {
  const frequencies = game.reels.map((strip) => {
    const counts = new Map<string, number>();
    for (const id of strip) counts.set(id, (counts.get(id) ?? 0) + 1);
    return [...counts].map(([id, count]) => ({ id, p: count / strip.length }));
  });
  let lines = 0;
  const tuple: string[] = [];
  const walk = (reel: number, p: number) => {
    if (reel === frequencies.length) {
      lines += p * evaluateLine(game, tuple).pay;
      return;
    }
    for (const { id, p: q } of frequencies[reel] ?? []) {
      tuple[reel] = id;
      walk(reel + 1, p * q);
    }
  };
  walk(0, 1);

  let total = [1];
  for (const strip of game.reels) {
    const perReel: number[] = [];
    for (let stop = 0; stop < strip.length; stop += 1) {
      let visible = 0;
      for (let row = 0; row < game.rows; row += 1) {
        if (symbolOf(game, strip[(stop + row) % strip.length] as string).kind === 'scatter') visible += 1;
      }
      perReel[visible] = (perReel[visible] ?? 0) + 1 / strip.length;
    }
    const next: number[] = [];
    total.forEach((a, i) => {
      perReel.forEach((b = 0, j) => {
        next[i + j] = (next[i + j] ?? 0) + a * b;
      });
    });
    total = next;
  }
  const scatterSymbol = game.symbols.find((symbol) => symbol.kind === 'scatter');
  const scatterOdds: [number, number, number] = [0, 0, 0];
  total.forEach((p = 0, count) => {
    const bucket = Math.min(count, 5) - 3;
    if (bucket >= 0) scatterOdds[bucket] = (scatterOdds[bucket] ?? 0) + p;
  });
  const scatter = scatterOdds.reduce((sum, p, k) => sum + p * (scatterSymbol?.pays[k] ?? 0), 0);
  const awardsPerSpin = scatterOdds.reduce((sum, p, k) => sum + p * (game.freeSpins.awards[k] ?? 0), 0);
  return { lines, scatter, scatterOdds, awardsPerSpin };
}
