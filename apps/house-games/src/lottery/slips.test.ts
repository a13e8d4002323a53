import { expect, it } from 'vitest';
import { PLAYER } from '../play/play.test-helpers.ts';
import { publicDraw } from './draw-store.ts';
import { describeEachLotteryDatabase } from './lottery-databases.test-helpers.ts';
import { ticketOdds } from './odds-tables.ts';
import { lotteryNode, OTHER_PLAYER, slipCounts } from './slips.test-helpers.ts';
import { closingValueOf } from './verifiable-draw.ts';

const MINUTE = 60_000;
// Each test bets in its own hour, so the draws of one never meet another's.
const hour = (n: number) => Date.parse('2030-01-01T00:00:00Z') + n * 3_600_000;
const drawAt = (n: number, minute: number) =>
  `keno-1m-20300101${String(n).padStart(2, '0')}${String(minute).padStart(2, '0')}`;

const kenoBet = (selection: number[], stakeMinor = 1_000) => ({
  betType: `keno-pick-${selection.length}`,
  selection,
  stakeMinor,
});

describeEachLotteryDatabase('placing and cancelling lottery slips', (databases) => {
  it('when a member places a slip of several bets on the open draw, then one debit of the whole stake opens one long-open round, and each ticket keeps the odds of the moment', async () => {
    const { nodeA } = databases();
    const clock = { at: hour(1) + 10_000 };
    const node = await lotteryNode(nodeA, { clock });
    await node.runner.tick();
    const session = await node.launch();

    const placed = await node.place(session, {
      drawCode: drawAt(1, 1),
      bets: [kenoBet([7], 1_000), kenoBet([3, 70], 2_500)],
    });
    expect(placed.status).toBe(201);
    const slip = placed.body.value;
    expect(slip).toMatchObject({
      drawCode: drawAt(1, 1),
      stakeMinor: 3_500,
      status: 'PLACED',
      playerId: PLAYER,
    });
    expect(node.platform.applied).toEqual([
      {
        call: 'debit',
        body: {
          playerId: PLAYER,
          roundId: slip.slipId,
          gameCode: 'keno-1m',
          transactionId: `${slip.slipId}:d`,
          amountMinor: '3500',
          settlesAt: '2030-01-01T01:01:00.000Z',
        },
      },
    ]);
    expect(node.platform.balanceOf(PLAYER)).toBe(1_000_000n - 3_500n);
    const { rows } = await nodeA.query<{ bet_type: string; odds: unknown }>(
      'select bet_type, odds from lottery_tickets where slip_id = $1 order by ticket_id',
      [slip.slipId],
    );
    expect(
      rows.map((row) => [row.bet_type, typeof row.odds === 'string' ? JSON.parse(row.odds) : row.odds]),
    ).toEqual([
      ['keno-pick-1', ticketOdds('keno', 'keno-pick-1', 'LOTT')],
      ['keno-pick-2', ticketOdds('keno', 'keno-pick-2', 'LOTT')],
    ]);
    await node.close();
  });

  it('when a slip or its session is not valid, then a clear 4xx names the field and nothing is debited or written', async () => {
    const { nodeA } = databases();
    const clock = { at: hour(2) + 10_000 };
    const node = await lotteryNode(nodeA, { clock });
    await node.runner.tick();
    const session = await node.launch();
    const draw = drawAt(2, 1);
    const ok = kenoBet([5]);
    const before = await slipCounts(nodeA);
    const cases: [unknown, number, string, string?][] = [
      [{ drawCode: draw, bets: [ok, kenoBet([81])] }, 400, 'VALIDATION_FAILED', 'body.bets.1.selection'],
      [{ drawCode: draw, bets: [kenoBet([4, 4])] }, 400, 'VALIDATION_FAILED', 'body.bets.0.selection'],
      [
        { drawCode: draw, bets: [{ ...ok, betType: 'straight' }] },
        400,
        'VALIDATION_FAILED',
        'body.bets.0.betType',
      ],
      [
        { drawCode: draw, bets: [{ ...ok, betType: 'x'.repeat(300) }] },
        400,
        'VALIDATION_FAILED',
        'body.bets.0.betType',
      ],
      [{ drawCode: draw, bets: [kenoBet([5], 99)] }, 400, 'STAKE_OUT_OF_LIMITS', 'body.bets.0.stakeMinor'],
      [
        { drawCode: draw, bets: [ok, kenoBet([5, 6, 7, 8, 9], 100_001)] },
        400,
        'STAKE_OUT_OF_LIMITS',
        'body.bets.1.stakeMinor',
      ],
      [
        { drawCode: draw, bets: [{ ...ok, stakeMinor: 10.5 }] },
        400,
        'VALIDATION_FAILED',
        'body.bets.0.stakeMinor',
      ],
      [
        { drawCode: draw, bets: [{ ...ok, stakeMinor: '1000' }] },
        400,
        'VALIDATION_FAILED',
        'body.bets.0.stakeMinor',
      ],
      [
        { drawCode: draw, bets: [{ ...ok, selection: ['5'] }] },
        400,
        'VALIDATION_FAILED',
        'body.bets.0.selection.0',
      ],
      [{ drawCode: draw, bets: [{ ...ok, extra: 1 }] }, 400, 'VALIDATION_FAILED', 'body.bets.0.extra'],
      [{ drawCode: draw, bets: [] }, 400, 'VALIDATION_FAILED', 'body.bets'],
      [{ drawCode: draw, bets: Array.from({ length: 21 }, () => ok) }, 400, 'VALIDATION_FAILED', 'body.bets'],
      [{ drawCode: draw, bets: 'all' }, 400, 'VALIDATION_FAILED', 'body.bets'],
      [{ drawCode: `${draw}\u0000`, bets: [ok] }, 400, 'VALIDATION_FAILED', 'body.drawCode'],
      [{ drawCode: '\ud800', bets: [ok] }, 400, 'VALIDATION_FAILED', 'body.drawCode'],
      [{ drawCode: 7, bets: [ok] }, 400, 'VALIDATION_FAILED', 'body.drawCode'],
      [{ drawCode: 'keno-1m-209901010101', bets: [ok] }, 404, 'DRAW_NOT_FOUND', 'body.drawCode'],
      [{ drawCode: '3d-1m-203001010201', bets: [ok] }, 404, 'DRAW_NOT_FOUND', 'body.drawCode'],
    ];
    for (const [slip, status, code, field] of cases) {
      const refused = await node.place(session, slip);
      expect([refused.status, refused.body.code, refused.body.field]).toEqual([status, code, field]);
    }
    const huge = await node.place(session, { drawCode: draw, bets: [{ ...ok, betType: 'x'.repeat(5000) }] });
    expect(huge.status).toBe(413);
    const demo = await node.launch('keno-1m', null);
    expect((await node.place(demo, { drawCode: draw, bets: [ok] })).body.code).toBe('DEMO_NOT_OFFERED');
    expect((await node.place('A'.repeat(24), { drawCode: draw, bets: [ok] })).status).toBe(404);
    const slot = await node.launch('lucky-koi');
    expect((await node.place(slot, { drawCode: draw, bets: [ok] })).status).toBe(404);
    // A session is looked up before its body is read: no session, no validation answer.
    expect((await node.place('nope', { drawCode: 7 })).body.code).toBe('SESSION_NOT_FOUND');

    clock.at = hour(2) + MINUTE; // the draw has closed, though not drawn yet
    const late = await node.place(session, { drawCode: draw, bets: [ok] });
    expect([late.status, late.body.code]).toEqual([409, 'DRAW_CLOSED']);
    await node.runner.tick();
    expect((await node.place(session, { drawCode: draw, bets: [ok] })).body.code).toBe('DRAW_CLOSED');

    expect(node.platform.received).toEqual([]);
    expect(await slipCounts(nodeA)).toEqual(before);
    await node.close();
  });

  it('when many members bet on one number of one draw at once from two nodes, then the exposure never passes the cap and each refused slip takes nothing', async () => {
    const { nodeA, nodeB } = databases();
    const clock = { at: hour(3) + 10_000 };
    // keno pick 1 of 1,000 returns at most 1,000 × 39 × 0.97 / 10 = 3,783: the cap holds five.
    const a = await lotteryNode(nodeA, { clock, exposureCapMinor: 5 * 3_783 + 100 });
    const b = await lotteryNode(nodeB, { clock, platform: a.platform, exposureCapMinor: 5 * 3_783 + 100 });
    await a.runner.tick();
    const sessions = [await a.launch(), await b.launch('keno-1m', OTHER_PLAYER)];
    const slip = { drawCode: drawAt(3, 1), bets: [kenoBet([42])] };
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? a : b).place(sessions[i % 2] as string, slip)),
    );
    const placed = answers.filter((answer) => answer.status === 201);
    expect(placed).toHaveLength(5);
    for (const refused of answers.filter((answer) => answer.status !== 201))
      expect([refused.status, refused.body.code, refused.body.field]).toEqual([
        409,
        'LIABILITY_LIMIT',
        'body.bets.0',
      ]);
    const { rows } = await nodeA.query<{ exposure_minor: string }>(
      'select exposure_minor from lottery_exposure where draw_code = $1',
      [drawAt(3, 1)],
    );
    expect(rows.map((row) => Number(row.exposure_minor))).toEqual([5 * 3_783]);
    expect(a.platform.applied.filter((call) => call.call === 'debit')).toHaveLength(5);
    // Another number of the same draw has its own cap.
    expect((await a.place(sessions[0] as string, { ...slip, bets: [kenoBet([43])] })).status).toBe(201);
    await a.close();
    await b.close();
  });

  it('when a member cancels before the close, then the debit is rolled back, the exposure is given back and the slip leaves the closed list; after the close a cancel is refused', async () => {
    const { nodeA } = databases();
    const clock = { at: hour(4) + 10_000 };
    const node = await lotteryNode(nodeA, { clock, exposureCapMinor: 3_783 });
    await node.runner.tick();
    const session = await node.launch();
    const draw = drawAt(4, 1);
    const first = (await node.place(session, { drawCode: draw, bets: [kenoBet([9])] })).body.value;
    expect((await node.place(session, { drawCode: draw, bets: [kenoBet([9])] })).body.code).toBe(
      'LIABILITY_LIMIT',
    );

    const other = await node.launch('keno-1m', OTHER_PLAYER);
    expect((await node.cancel(other, first.slipId)).body.code).toBe('SLIP_NOT_FOUND');
    const cancelled = await node.cancel(session, first.slipId);
    expect([cancelled.status, cancelled.body.value.status]).toEqual([200, 'CANCELLED']);
    expect(node.platform.applied.at(-1)).toMatchObject({
      call: 'rollback',
      body: { refTransactionId: `${first.slipId}:d`, transactionId: `${first.slipId}:r` },
    });
    expect(node.platform.balanceOf(PLAYER)).toBe(1_000_000n);
    expect((await node.cancel(session, first.slipId)).body.code).toBe('SLIP_NOT_CANCELLABLE');

    const kept = (await node.place(session, { drawCode: draw, bets: [kenoBet([9])] })).body.value;
    expect(kept.status).toBe('PLACED');
    clock.at = hour(4) + MINUTE + 1_000;
    expect((await node.cancel(session, kept.slipId)).body.code).toBe('DRAW_CLOSED');
    await node.runner.tick();
    await node.runner.settle();
    const drawn = await publicDraw(nodeA, draw);
    const closedList = [
      { ticketId: `${kept.slipId}-1`, betType: 'keno-pick-1', selection: '9', stakeMinor: 1_000 },
    ];
    expect(drawn?.closedTickets).toEqual(closedList);
    expect(drawn?.closingValue).toBe(closingValueOf(draw, closedList));
    await node.close();
  });

  it('when the balance does not cover the slip, then 409, nothing is taken and its exposure is given back', async () => {
    const { nodeA } = databases();
    const clock = { at: hour(5) + 10_000 };
    const node = await lotteryNode(nodeA, { clock, exposureCapMinor: 3_783 });
    node.platform.setBalance(PLAYER, 500n);
    await node.runner.tick();
    const session = await node.launch();
    const slip = { drawCode: drawAt(5, 1), bets: [kenoBet([11])] };
    const refused = await node.place(session, slip);
    expect([refused.status, refused.body.code]).toEqual([409, 'INSUFFICIENT_FUNDS']);
    expect(node.platform.balanceOf(PLAYER)).toBe(500n);
    node.platform.setBalance(PLAYER, 5_000n);
    expect((await node.place(session, slip)).status).toBe(201);
    await node.close();
  });
});
