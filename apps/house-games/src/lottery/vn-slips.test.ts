import { expect, it } from 'vitest';
import { PLAYER } from '../play/play.test-helpers.ts';
import { publicDraw } from './draw-store.ts';
import { describeEachLotteryDatabase } from './lottery-databases.test-helpers.ts';
import { ticketOdds } from './odds-tables.ts';
import { lotteryNode, slipCounts } from './slips.test-helpers.ts';

// 17:00 in Vietnam on 2030-01-01: north closes at 18:00 (11:00 UTC) and is drawn at 18:15.
const BEFORE_NORTH_CLOSE = Date.parse('2030-01-01T10:00:00Z');
const NORTH = 'vn-north-20300101';

describeEachLotteryDatabase('betting on the Vietnam regional draws', (databases) => {
  it('when a member bets lô, đề, 3 càng and xiên on the open north draw, then one debit opens a round that settles hours after the draw, each ticket with the north odds, and the calendar never draws it', async () => {
    const { nodeA } = databases();
    const clock = { at: BEFORE_NORTH_CLOSE };
    const node = await lotteryNode(nodeA, { clock });
    await node.runner.tick();
    const session = await node.launch('vn-north');
    const bets = [
      { betType: 'lo2', selection: [45], stakeMinor: 2_700 },
      { betType: 'de', selection: [7], stakeMinor: 1_000 },
      { betType: '3cang', selection: [345], stakeMinor: 500 },
      { betType: 'xien2', selection: [7, 45], stakeMinor: 1_000 },
      { betType: 'xien4', selection: [1, 2, 3, 4], stakeMinor: 100 },
    ];
    const placed = await node.place(session, { drawCode: NORTH, bets });
    expect(placed.status).toBe(201);
    expect(placed.body.value).toMatchObject({ drawCode: NORTH, stakeMinor: 5_300, status: 'PLACED' });
    expect(node.platform.applied).toEqual([
      {
        call: 'debit',
        body: expect.objectContaining({
          playerId: PLAYER,
          gameCode: 'vn-north',
          amountMinor: '5300',
          // The close (18:00 Vietnam), the draw 15 minutes later, then six hours for the result.
          settlesAt: '2030-01-01T17:15:00.000Z',
        }),
      },
    ]);
    const { rows } = await nodeA.query<{ bet_type: string; odds: unknown }>(
      'select bet_type, odds from lottery_tickets where slip_id = $1 order by ticket_id',
      [placed.body.value.slipId],
    );
    expect(
      rows.map((row) => [row.bet_type, typeof row.odds === 'string' ? JSON.parse(row.odds) : row.odds]),
    ).toEqual(bets.map((bet) => [bet.betType, ticketOdds('north', bet.betType as 'lo2', 'LOTT')]));

    // Past the close and the draw: nothing of ours draws a regional result.
    clock.at = Date.parse('2030-01-01T12:00:00Z');
    expect(await node.runner.tick()).not.toContain(NORTH);
    expect(await publicDraw(nodeA, NORTH)).toMatchObject({ state: 'UNDRAWN', seedHash: null, numbers: null });
    await node.close();
  });

  it('when a regional bet is not valid or comes after the close, then a clear 4xx names the field and nothing is debited or written', async () => {
    const { nodeA } = databases();
    const clock = { at: BEFORE_NORTH_CLOSE + 60_000 };
    const node = await lotteryNode(nodeA, { clock });
    await node.runner.tick();
    const session = await node.launch('vn-north');
    const before = await slipCounts(nodeA);
    const one = (bet: object, drawCode = NORTH) => ({ drawCode, bets: [bet] });
    const cases: [unknown, number, string, string][] = [
      [
        one({ betType: 'straight', selection: [1, 2, 3], stakeMinor: 100 }),
        400,
        'VALIDATION_FAILED',
        'body.bets.0.betType',
      ],
      [
        one({ betType: 'de', selection: [100], stakeMinor: 100 }),
        400,
        'VALIDATION_FAILED',
        'body.bets.0.selection',
      ],
      [
        one({ betType: 'de', selection: [1, 2], stakeMinor: 100 }),
        400,
        'VALIDATION_FAILED',
        'body.bets.0.selection',
      ],
      [
        one({ betType: '3cang', selection: [1000], stakeMinor: 100 }),
        400,
        'VALIDATION_FAILED',
        'body.bets.0.selection',
      ],
      [
        one({ betType: 'xien3', selection: [5, 5, 6], stakeMinor: 100 }),
        400,
        'VALIDATION_FAILED',
        'body.bets.0.selection',
      ],
      [
        one({ betType: 'xien2', selection: [5], stakeMinor: 100 }),
        400,
        'VALIDATION_FAILED',
        'body.bets.0.selection',
      ],
      [
        one({ betType: 'lo2', selection: [-1], stakeMinor: 100 }),
        400,
        'VALIDATION_FAILED',
        'body.bets.0.selection',
      ],
      [
        one({ betType: 'lo2', selection: ['45'], stakeMinor: 100 }),
        400,
        'VALIDATION_FAILED',
        'body.bets.0.selection.0',
      ],
      [
        one({ betType: 'lo2', selection: [45], stakeMinor: 99 }),
        400,
        'STAKE_OUT_OF_LIMITS',
        'body.bets.0.stakeMinor',
      ],
      [
        one({ betType: '3cang', selection: [45], stakeMinor: 100_001 }),
        400,
        'STAKE_OUT_OF_LIMITS',
        'body.bets.0.stakeMinor',
      ],
      [
        one({ betType: 'de\u0000', selection: [45], stakeMinor: 100 }),
        400,
        'VALIDATION_FAILED',
        'body.bets.0.betType',
      ],
      // Another region's draw is not this game's; an unknown day is no draw.
      [
        one({ betType: 'de', selection: [45], stakeMinor: 100 }, 'vn-south-20300101'),
        404,
        'DRAW_NOT_FOUND',
        'body.drawCode',
      ],
      [
        one({ betType: 'de', selection: [45], stakeMinor: 100 }, 'vn-north-20300107'),
        404,
        'DRAW_NOT_FOUND',
        'body.drawCode',
      ],
      [
        one({ betType: 'de', selection: [45], stakeMinor: 100 }, `vn-north-${'9'.repeat(500)}`),
        400,
        'VALIDATION_FAILED',
        'body.drawCode',
      ],
    ];
    for (const [slip, status, code, field] of cases) {
      const answer = await node.place(session, slip);
      expect([answer.status, answer.body.code, answer.body.field], JSON.stringify(slip).slice(0, 80)).toEqual(
        [status, code, field],
      );
    }
    clock.at = Date.parse('2030-01-01T11:00:00Z'); // 18:00 in Vietnam: betting has closed
    const late = await node.place(session, one({ betType: 'de', selection: [45], stakeMinor: 100 }));
    expect([late.status, late.body.code]).toEqual([409, 'DRAW_CLOSED']);
    expect(await slipCounts(nodeA)).toEqual(before);
    expect(node.platform.applied).toEqual([]);
    await node.close();
  });
});
