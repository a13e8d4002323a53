import { describe, expect, it } from 'vitest';
import { drawWindowAt, FAST_GAMES, fastGameOf } from './draw-calendar.ts';
import { createDrawRunner } from './draw-runner.ts';
import { type PublicDraw, publicDraw, recentDraws } from './draw-store.ts';
import type { HouseDrawNumbers } from './house-draws.ts';
import { describeEachLotteryDatabase } from './lottery-databases.test-helpers.ts';
import { SEA_GAMES } from './sea-calendar.ts';
import { closingValueOf, drawSeedHash, verifyDraw } from './verifiable-draw.ts';
import { VN_GAMES } from './vn-calendar.ts';

const MINUTE = 60_000;

describe('the fast-draw calendar', () => {
  it('when the clock is inside a window, then the draw opens at its start and closes at its end', () => {
    const game = fastGameOf('keno-5m');
    if (!game) throw new Error('no keno-5m');
    const window = drawWindowAt(game, Date.parse('2026-11-26T21:03:17.250Z'));
    expect(window).toMatchObject({
      drawCode: 'keno-5m-202611262105',
      opensAt: new Date('2026-11-26T21:00:00Z'),
      closesAt: new Date('2026-11-26T21:05:00Z'),
    });
    expect(drawWindowAt(game, Date.parse('2026-11-26T21:05:00Z')).drawCode).toBe('keno-5m-202611262110');
  });

  it('when the games are listed, then keno, 3D, 5D and the race each run every 1, 3 and 5 minutes', () => {
    expect(FAST_GAMES.map((game) => game.code)).toEqual([
      'keno-1m',
      'keno-3m',
      'keno-5m',
      '3d-1m',
      '3d-3m',
      '3d-5m',
      '5d-1m',
      '5d-3m',
      '5d-5m',
      'race-1m',
      'race-3m',
      'race-5m',
    ]);
  });
});

/** A drawn draw checks out: the revealed seed hashes to the published hash and the numbers recompute. */
function expectVerifiable(draw: PublicDraw) {
  const game = fastGameOf(draw.gameCode);
  if (!game || !draw.seed || !draw.seedHash || !draw.closingValue || !draw.numbers)
    throw new Error(`${draw.drawCode} is not drawn`);
  expect(draw.closingValue).toBe(closingValueOf(draw.drawCode, []));
  const check = verifyDraw({
    family: game.family,
    seed: draw.seed,
    publishedHash: draw.seedHash,
    closingValue: draw.closingValue,
    publishedNumbers: draw.numbers as HouseDrawNumbers,
  });
  expect(check.hashMatches && check.numbersMatch).toBe(true);
}

describeEachLotteryDatabase('drawing the calendar', (databases) => {
  // Each test uses its own hour of the clock, so the draws of one never meet another's.
  const hour = (n: number) => Date.parse('2026-11-26T00:00:00Z') + n * 3_600_000;

  it('when a draw opens, then its seed hash is published and its seed is not', async () => {
    const { nodeA } = databases();
    const at = hour(1) + 10_000;
    await createDrawRunner({ db: nodeA, now: () => at }).tick();
    const [open] = await recentDraws(nodeA, 'keno-1m', 1);
    expect(open).toMatchObject({
      drawCode: 'keno-1m-202611260101',
      seed: null,
      closingValue: null,
      numbers: null,
      drawnAt: null,
    });
    expect(open?.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await recentDraws(nodeA, 'keno-1m', 10))).not.toMatch(/"seed":"/);
  });

  it('when two nodes open and draw at once, then each draw has one seed and is drawn by exactly one of them', async () => {
    const { nodeA, nodeB } = databases();
    let at = hour(2) + 5_000;
    const a = createDrawRunner({ db: nodeA, now: () => at });
    const b = createDrawRunner({ db: nodeB, now: () => at });
    await Promise.all([a.tick(), b.tick()]);
    const hashesBefore = (await recentDraws(nodeA, 'race-5m', 1))[0]?.seedHash;

    at = hour(2) + 5 * MINUTE + 5_000; // the 1-minute draw of minute 0 and the 3- and 5-minute ones have closed
    const [drawnByA, drawnByB] = await Promise.all([a.tick(), b.tick()]);
    const drawn = [...drawnByA, ...drawnByB].sort();
    expect(new Set(drawn).size).toBe(drawn.length);
    expect(drawn).toEqual(
      FAST_GAMES.map(
        (game) =>
          `${game.code}-${game.minutes === 1 ? '202611260201' : game.minutes === 3 ? '202611260203' : '202611260205'}`,
      ).sort(),
    );

    const race = await publicDraw(nodeA, 'race-5m-202611260205');
    expect(race?.seedHash).toBe(hashesBefore);
    expect(drawSeedHash(race?.seed ?? '')).toBe(hashesBefore);
    for (const code of drawn) {
      const draw = await publicDraw(nodeB, code);
      if (!draw) throw new Error(`${code} missing`);
      expectVerifiable(draw);
    }
  });

  it('when a node restarts after drawing, then nothing is drawn again and the stored draw is unchanged', async () => {
    const { nodeA } = databases();
    let at = hour(3) + 1_000;
    await createDrawRunner({ db: nodeA, now: () => at }).tick();
    at += MINUTE;
    expect(await createDrawRunner({ db: nodeA, now: () => at }).tick()).toContain('keno-1m-202611260301');
    const before = await publicDraw(nodeA, 'keno-1m-202611260301');
    const restarted = createDrawRunner({ db: nodeA, now: () => at + 500 });
    expect(await restarted.tick()).toEqual([]);
    expect(await publicDraw(nodeA, 'keno-1m-202611260301')).toEqual(before);
  });

  it('when every node was down at the close, then the first pass after draws what closed meanwhile, once', async () => {
    const { nodeA, nodeB } = databases();
    const opened = hour(4) + 2_000;
    await createDrawRunner({ db: nodeA, now: () => opened }).tick();
    const later = opened + 30 * MINUTE;
    const first = await createDrawRunner({ db: nodeB, now: () => later }).tick();
    expect(first).toHaveLength(FAST_GAMES.length);
    expect(await createDrawRunner({ db: nodeA, now: () => later }).tick()).toEqual([]);
    const keno = await publicDraw(nodeA, 'keno-1m-202611260401');
    expect(keno?.drawnAt).toBe(new Date(later).toISOString());
    if (keno) expectVerifiable(keno);
    // Windows no node was up for were never opened: no draw, so nothing to draw.
    expect(await publicDraw(nodeA, 'keno-1m-202611260410')).toBeUndefined();
  });

  it('when a runner passes again inside the same window, then it does not write the open draws again', async () => {
    const { nodeA } = databases();
    const at = hour(6) + 1_000;
    const writes: string[] = [];
    const query = (text: string, params?: unknown[]) => {
      if (text.trimStart().startsWith('insert')) writes.push(String(params?.[0]));
      return nodeA.query(text, params);
    };
    // Only the database's own query is counted: drawing (earlier tests' draws) runs in transactions.
    const counting = new Proxy(nodeA, {
      get(target, property) {
        if (property === 'query') return query;
        const value = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const runner = createDrawRunner({ db: counting, now: () => at });
    await runner.tick();
    await runner.tick();
    // Each fast game's draw, each SEA game's and each region's (ADR 054), once.
    expect(writes).toHaveLength(FAST_GAMES.length + SEA_GAMES.length + VN_GAMES.length);
  });

  it('when a draw is still open, then a pass does not draw it', async () => {
    const { nodeA } = databases();
    const at = hour(5) + 59_000;
    const runner = createDrawRunner({ db: nodeA, now: () => at });
    await runner.tick();
    expect(await runner.tick()).toEqual([]);
    expect((await publicDraw(nodeA, 'keno-1m-202611260501'))?.numbers).toBeNull();
  });
});
