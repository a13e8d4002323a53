import { describe, expect, it } from 'vitest';
import { PLAYER } from '../play/play.test-helpers.ts';
import { publicDraw } from './draw-store.ts';
import type { HouseDrawNumbers } from './house-draws.ts';
import { describeEachLotteryDatabase } from './lottery-databases.test-helpers.ts';
import { SEA_GAMES, seaDrawWindowAt, seaGameOf } from './sea-calendar.ts';
import { lotteryNode, slipCounts } from './slips.test-helpers.ts';
import { closingValueOf, drawSeedHash, verifyDraw } from './verifiable-draw.ts';

const twoD = seaGameOf('sea-2d');
if (!twoD) throw new Error('sea-2d must be a game');

describe('the SEA daily calendar (Vietnam time, UTC+7)', () => {
  it('when it is 11:00 in Vietnam, then today’s 2D draw closes and is drawn at 12:00, and 3D at 20:00', () => {
    const now = Date.parse('2026-11-27T04:00:00Z');
    const window = seaDrawWindowAt(twoD, now);
    expect([window.drawCode, window.opensAt.toISOString(), window.closesAt.toISOString()]).toEqual([
      'sea-2d-20261127',
      '2026-11-26T05:00:00.000Z',
      '2026-11-27T05:00:00.000Z',
    ]);
    expect(window.drawAt).toEqual(window.closesAt);
    const threeD = SEA_GAMES.find((game) => game.code === 'sea-3d');
    expect(threeD && seaDrawWindowAt(threeD, now).closesAt.toISOString()).toBe('2026-11-27T13:00:00.000Z');
    // At the draw, the next day's opens.
    expect(seaDrawWindowAt(twoD, Date.parse('2026-11-27T05:00:00Z')).drawCode).toBe('sea-2d-20261128');
  });
});

describeEachLotteryDatabase('SEA 2D draws: house-drawn and verifiable like the fast draws', (databases) => {
  it('when the draw opens, then its seed hash is published before any bet; at the close it is drawn from the seed and the closed list, settled once, and anyone can recompute it', async () => {
    const { nodeA } = databases();
    const clock = { at: Date.parse('2030-02-01T04:00:00Z') };
    const node = await lotteryNode(nodeA, { clock });
    await node.runner.tick();
    const drawCode = 'sea-2d-20300201';
    const open = await publicDraw(nodeA, drawCode);
    expect(open).toMatchObject({ state: 'UNDRAWN', seed: null, numbers: null });
    const { rows } = await nodeA.query<{ seed: string }>(
      'select seed from lottery_draws where draw_code = $1',
      [drawCode],
    );
    expect(open?.seedHash).toBe(drawSeedHash((rows[0] as { seed: string }).seed));

    // The first digit is one of 0–9: exactly one of these ten bets wins, whatever is drawn.
    const session = await node.launch('sea-2d');
    const bets = Array.from({ length: 10 }, (_, digit) => ({
      betType: 'position',
      selection: [1, digit],
      stakeMinor: 1_000,
    }));
    const placed = await node.place(session, { drawCode, bets });
    expect(placed.status).toBe(201);
    const wrong = await node.place(session, {
      drawCode,
      bets: [{ betType: 'de', selection: [45], stakeMinor: 1_000 }],
    });
    expect([wrong.status, wrong.body.field]).toEqual([400, 'body.bets.0.betType']);

    clock.at = Date.parse('2030-02-01T05:00:00Z');
    const before = await slipCounts(nodeA);
    const late = await node.place(session, { drawCode, bets: [bets[0]] });
    expect([late.status, late.body.code]).toEqual([409, 'DRAW_CLOSED']);
    expect(await slipCounts(nodeA)).toEqual(before);

    expect(await node.runner.tick()).toContain(drawCode);
    expect(await node.runner.settle()).toBe(1);
    expect(await node.runner.settle()).toBe(0);
    // One position bet wins: 1,000 × 98 × 0.97 / 10 = 9,506 (LOTT), plus LOTT's rebate of 15 on each of the ten (ADR 072).
    expect(node.platform.applied.filter((m) => m.call === 'credit')).toEqual([
      { call: 'credit', body: expect.objectContaining({ playerId: PLAYER, amountMinor: '9656' }) },
    ]);
    const drawn = await publicDraw(nodeA, drawCode);
    if (!drawn?.seed || !drawn.seedHash || !drawn.closingValue || !drawn.closedTickets || !drawn.numbers)
      throw new Error('the draw is not settled');
    expect(drawn.closedTickets).toHaveLength(10);
    expect(closingValueOf(drawCode, drawn.closedTickets)).toBe(drawn.closingValue);
    const check = verifyDraw({
      family: 'sea-2d',
      seed: drawn.seed,
      publishedHash: drawn.seedHash,
      closingValue: drawn.closingValue,
      publishedNumbers: drawn.numbers as HouseDrawNumbers,
    });
    expect(check.hashMatches && check.numbersMatch).toBe(true);
    const page = await node.house.app.inject({ method: 'GET', url: `/lottery/draws/${drawCode}/verify` });
    expect(page.body).toContain('the numbers recompute from the seed and the closing value');
    const listed = await node.house.app.inject({ method: 'GET', url: '/lottery/draws?game=sea-2d&limit=2' });
    expect(listed.json().draws.map((d: { drawCode: string }) => d.drawCode)).toContain(drawCode);
    await node.close();
  });
});
