import { describe, expect, it } from 'vitest';
import { SLOT_GAMES } from './slot-catalogue.ts';
import { exactRtp } from './slot-rtp.ts';

describe.each(SLOT_GAMES.map((game) => [game.code, game] as const))('%s', (_code, game) => {
  const exact = exactRtp(game);

  it('when its RTP is computed exactly, then it equals the stated RTP to 0.01 percentage points', () => {
    expect(Math.abs(exact.rtp - game.statedRtp)).toBeLessThan(0.00005);
    expect(exact.rtp).toBeGreaterThan(0.95);
    expect(exact.rtp).toBeLessThan(0.97);
  });

  it('when it is checked, then free spins start now and then (1 in 150–300 spins) and end', () => {
    expect(exact.triggerRate).toBeGreaterThan(1 / 300);
    expect(exact.triggerRate).toBeLessThan(1 / 150);
    expect(exact.awardsPerSpin).toBeLessThan(0.1);
  });

  it('when its definition is checked, then strips, lines and bets fit the engine', () => {
    expect(game.reels).toHaveLength(5);
    const ids = new Set(game.symbols.map((symbol) => symbol.id));
    for (const strip of game.reels) for (const id of strip) expect(ids.has(id)).toBe(true);
    expect(new Set(game.lines.map((line) => line.join(''))).size).toBe(game.lines.length);
    for (const line of game.lines) expect(line.every((row) => row >= 0 && row < game.rows)).toBe(true);
    for (const bet of game.betsMinor) expect(bet % game.lines.length).toBe(0);
    expect(game.symbols.filter((symbol) => symbol.kind === 'wild')).toHaveLength(1);
    expect(game.symbols.filter((symbol) => symbol.kind === 'scatter')).toHaveLength(1);
  });
});
