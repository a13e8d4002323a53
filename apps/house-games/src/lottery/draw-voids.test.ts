import { expect, it } from 'vitest';
import { clientOn } from '../platform/fake-platform.test-helpers.ts';
import { PLAYER } from '../play/play.test-helpers.ts';
import { drawCalendar } from './draw-calendar-view.ts';
import { publicDraw, type Queryable } from './draw-store.ts';
import { createVoidRefunder } from './draw-voids.ts';
import { describeEachLotteryDatabase } from './lottery-databases.test-helpers.ts';
import { openedNumbersPage } from './opened-numbers.ts';
import { REFUSED_RETRY_MS } from './slip-refusals.ts';
import { lotteryNode, NORTH_PRIZES, OTHER_PLAYER } from './slips.test-helpers.ts';
import { findSlip } from './ticket-store.ts';
import { afterDraw, BINH, confirm, enter, northDraw, seventeenHours } from './vn-operators.test-helpers.ts';

const MINUTE = 60_000;
// Each test bets in its own hour of a year no other suite uses, so no two share a draw.
const hour = (n: number) => Date.parse('2039-01-01T00:00:00Z') + n * 3_600_000;
const kenoDraw = (n: number) => `keno-1m-20390101${String(n).padStart(2, '0')}01`;
const START = 1_000_000n;
const VOID = { operator: 'ops.anna', reason: 'RNG host restarted mid-window' };

type Node = Awaited<ReturnType<typeof lotteryNode>>;

/** Three 1,000 slips on the hour's keno draw: two of PLAYER's, one of OTHER_PLAYER's. */
async function threeSlips(node: Node, n: number) {
  await node.runner.tick();
  const mine = await node.launch('keno-1m');
  const theirs = await node.launch('keno-1m', OTHER_PLAYER);
  const slips: string[] = [];
  for (const [session, pick] of [
    [mine, 7],
    [mine, 8],
    [theirs, 9],
  ] as const) {
    const placed = await node.place(session, {
      drawCode: kenoDraw(n),
      bets: [{ betType: 'keno-pick-1', selection: [pick], stakeMinor: 1_000 }],
    });
    expect(placed.status).toBe(201);
    slips.push(placed.body.value.slipId);
  }
  return { mine, slips };
}

const rollbacksOf = (node: Node) =>
  node.platform.applied.filter((call) => call.call === 'rollback').map((call) => call.body);

const voidRows = async (db: Queryable, drawCode: string) =>
  Number(
    (
      await db.query<{ n: string }>(
        'select count(*)::text as n from lottery_draw_voids where draw_code = $1',
        [drawCode],
      )
    ).rows[0]?.n,
  );

/** The refusal codes recorded on these slips, in their order. */
const refusalsOf = async (db: Queryable, slipIds: readonly string[]) => {
  const { rows } = await db.query<{ slip_id: string; refusal: string | null }>(
    'select slip_id, refusal from lottery_slips where slip_id = any($1)',
    [slipIds],
  );
  return slipIds.map((slipId) => rows.find((row) => row.slip_id === slipId)?.refusal ?? null);
};

describeEachLotteryDatabase('voiding a lottery draw (ADR 076)', (databases) => {
  it('when an operator voids an open draw, then it takes no more bets, is never drawn, and every slip is refunded once by a rollback of its debit', async () => {
    const { nodeA } = databases();
    const clock = { at: hour(1) + 5_000 };
    const node = await lotteryNode(nodeA, { clock });
    const { mine, slips } = await threeSlips(node, 1);
    expect(node.platform.balanceOf(PLAYER)).toBe(START - 2_000n);

    const voided = await node.voidDraw(kenoDraw(1), VOID);
    expect(voided).toMatchObject({
      status: 200,
      body: {
        value: {
          drawCode: kenoDraw(1),
          ...VOID,
          slips: 3,
          stakeMinor: 3_000,
          voidedAt: new Date(clock.at).toISOString(),
        },
      },
    });
    // Betting and cancelling are over: the void refunds what it held.
    const late = await node.place(mine, {
      drawCode: kenoDraw(1),
      bets: [{ betType: 'keno-pick-1', selection: [1], stakeMinor: 1_000 }],
    });
    expect(late).toMatchObject({ status: 409, body: { code: 'DRAW_VOID', field: 'body.drawCode' } });
    expect((await node.cancel(mine, slips[0] as string)).body.code).toBe('DRAW_VOID');

    expect(await node.runner.refundVoided()).toBe(3);
    expect(
      rollbacksOf(node)
        .map((call) => [call.transactionId, call.refTransactionId])
        .sort(),
    ).toEqual(slips.map((slip) => [`${slip}:r`, `${slip}:d`]).sort());
    expect(node.platform.balanceOf(PLAYER)).toBe(START);
    expect(node.platform.balanceOf(OTHER_PLAYER)).toBe(START);
    for (const slip of slips) expect((await findSlip(nodeA, slip))?.status).toBe('VOID');
    const { rows: exposure } = await nodeA.query<{ total: string }>(
      'select coalesce(sum(exposure_minor), 0)::text as total from lottery_exposure where draw_code = $1',
      [kenoDraw(1)],
    );
    expect(exposure[0]?.total).toBe('0');

    // Past its close the runner never draws it, nothing settles, and a second pass refunds nothing.
    clock.at += 2 * MINUTE;
    expect(await node.runner.tick()).not.toContain(kenoDraw(1));
    expect(await node.runner.settle()).toBe(0);
    expect(await node.runner.refundVoided()).toBe(0);
    expect(rollbacksOf(node)).toHaveLength(3);
    expect(node.platform.applied.filter((call) => call.call === 'credit')).toHaveLength(0);

    // Players see it void, with nothing of a result; operators see it void on the calendar.
    expect(await publicDraw(nodeA, kenoDraw(1))).toMatchObject({
      state: 'VOID',
      drawnAt: null,
      numbers: null,
      seed: null,
      closingValue: null,
    });
    const verify = await node.house.app.inject({
      method: 'GET',
      url: `/lottery/draws/${kenoDraw(1)}/verify`,
    });
    expect(verify.body).toContain('voided by the operators');
    const [listed] = await drawCalendar(nodeA, {
      from: new Date(hour(1)),
      to: new Date(hour(1) + MINUTE + 1),
      gameCode: 'keno-1m',
      now: new Date(clock.at),
      regionalNow: new Date(clock.at),
    }).then((draws) => draws.filter((draw) => draw.drawCode === kenoDraw(1)));
    expect(listed).toMatchObject({ state: 'VOID', liveSlips: 0, settledSlips: 0 });
    const opened = await openedNumbersPage(nodeA, 'keno-1m', 1, 50, new Date(clock.at));
    expect(opened.draws.map((draw) => draw.drawCode)).not.toContain(kenoDraw(1));
    // The board's draws call: the void draw is listed VOID, never as the open one.
    const board = await node.house.app.inject({ method: 'GET', url: '/lottery/draws?game=keno-1m&limit=5' });
    expect(
      board.json().draws.find((draw: { drawCode: string }) => draw.drawCode === kenoDraw(1)),
    ).toMatchObject({
      state: 'VOID',
      numbers: null,
    });
    await node.close();
  });

  it('when a regional draw is voided, then it takes no result: an entry waiting is not confirmed and a new one is refused', async () => {
    const { nodeA } = databases();
    const clock = { at: seventeenHours(25) };
    const node = await lotteryNode(nodeA, { clock });
    await node.runner.tick();
    clock.at = afterDraw(25);
    const entered = await enter(node, northDraw(25), NORTH_PRIZES);
    expect(entered.status).toBe(201);
    expect((await node.voidDraw(northDraw(25), VOID)).status).toBe(200);
    expect(await confirm(node, entered.body.value.entryId, BINH)).toMatchObject({
      status: 409,
      body: { code: 'RESULT_FINAL' },
    });
    expect(await enter(node, northDraw(25), NORTH_PRIZES)).toMatchObject({
      status: 409,
      body: { code: 'DRAW_VOID' },
    });
    const regional = await node.house.app.inject({ method: 'GET', url: '/lottery/vn/draws?game=vn-north' });
    expect(
      regional.json().draws.find((draw: { drawCode: string }) => draw.drawCode === northDraw(25)),
    ).toMatchObject({
      state: 'VOID',
      numbers: null,
    });
    await node.close();
  });

  it('when a draw is voided again, with another reason or on another node, then the first void is the answer and nothing is refunded twice', async () => {
    const { nodeA, nodeB } = databases();
    const clock = { at: hour(2) + 5_000 };
    const node = await lotteryNode(nodeA, { clock });
    const other = await lotteryNode(nodeB, { clock, platform: node.platform });
    await threeSlips(node, 2);
    const first = await node.voidDraw(kenoDraw(2), VOID);
    clock.at += 10_000;
    const again = await other.voidDraw(kenoDraw(2), { operator: 'ops.binh', reason: 'again' });
    expect(again).toEqual(first);
    expect(await voidRows(nodeA, kenoDraw(2))).toBe(1);
    // Both nodes refund at once: each slip is rolled back once at the platform.
    await Promise.all([node.runner.refundVoided(), other.runner.refundVoided()]);
    expect(rollbacksOf(node)).toHaveLength(3);
    expect(node.platform.balanceOf(PLAYER)).toBe(START);
    expect((await node.voidDraw(kenoDraw(2), VOID)).body).toEqual(first.body);
    await node.close();
    await other.close();
  });

  it('when a refund’s answer is lost, then the slip stays live and the next pass sends the same rollback, refunded once', async () => {
    const { nodeA } = databases();
    const clock = { at: hour(3) + 5_000 };
    const node = await lotteryNode(nodeA, { clock });
    const { slips } = await threeSlips(node, 3);
    await node.voidDraw(kenoDraw(3), VOID);
    node.platform.inject('rollback', 'lose-answer', 4, slips[0]);
    expect(await node.runner.refundVoided()).toBe(2);
    expect((await findSlip(nodeA, slips[0] as string))?.status).toBe('PLACED');
    expect(await node.runner.refundVoided()).toBe(1);
    const sent = rollbacksOf(node).filter((call) => call.roundId === slips[0]);
    expect(new Set(sent.map((call) => call.transactionId))).toEqual(new Set([`${slips[0]}:r`]));
    expect(node.platform.balanceOf(PLAYER)).toBe(START);
    expect(node.platform.balanceOf(OTHER_PLAYER)).toBe(START);
    await node.close();
  });

  it('when the refunds of the first slips are refused, then the slips behind them are still refunded in the same pass, and the refused ones are sent again once their wait is over', async () => {
    const { nodeA } = databases();
    const clock = { at: hour(6) + 5_000 };
    const node = await lotteryNode(nodeA, { clock });
    const { slips } = await threeSlips(node, 6);
    await node.voidDraw(kenoDraw(6), VOID);
    // Pages of one slip, in slip id order: the first two refused, so the third is the first page
    // that is refunded (re-reading the live slips from the top would never reach it).
    const [first, second, third] = [...slips].sort() as [string, string, string];
    node.platform.inject('rollback', 'conflict', 1, first);
    node.platform.inject('rollback', 'conflict', 1, second);
    const refunder = createVoidRefunder({
      db: nodeA,
      client: clientOn(node.platform),
      now: () => clock.at,
      batchSize: 1,
    });
    expect(await refunder.refund()).toBe(1);
    expect((await findSlip(nodeA, third))?.status).toBe('VOID');
    expect((await findSlip(nodeA, first))?.status).toBe('PLACED');
    expect(await refusalsOf(nodeA, [first, second])).toEqual([
      'TRANSACTION_CONFLICT',
      'TRANSACTION_CONFLICT',
    ]);
    // The operators' calendar shows the draw's stuck refunds.
    const listed = async () =>
      (
        await drawCalendar(nodeA, {
          from: new Date(hour(6)),
          to: new Date(hour(6) + MINUTE + 1),
          gameCode: 'keno-1m',
          now: new Date(clock.at),
          regionalNow: new Date(clock.at),
        })
      ).find((draw) => draw.drawCode === kenoDraw(6));
    expect(await listed()).toMatchObject({ state: 'VOID', liveSlips: 2, refusedSlips: 2 });
    // A refusal is an answer: not sent again at every pass, only once its wait is over.
    const sent = () => node.platform.received.filter((call) => call.call === 'rollback').length;
    const sentBefore = sent();
    expect(await refunder.refund()).toBe(0);
    expect(sent()).toBe(sentBefore);
    clock.at += REFUSED_RETRY_MS;
    expect(await refunder.refund()).toBe(2);
    expect(await listed()).toMatchObject({ liveSlips: 0, refusedSlips: 0 });
    expect(node.platform.balanceOf(PLAYER)).toBe(START);
    expect(node.platform.balanceOf(OTHER_PLAYER)).toBe(START);
    await node.close();
  });

  it('when the draw is drawn already, or unknown, then the void is refused and nothing is written', async () => {
    const { nodeA } = databases();
    const clock = { at: hour(4) + 5_000 };
    const node = await lotteryNode(nodeA, { clock });
    await threeSlips(node, 4);
    clock.at += MINUTE;
    await node.runner.tick();
    // Drawn, settling: its result stands and is corrected, never voided (ADR 076).
    expect(await node.voidDraw(kenoDraw(4), VOID)).toMatchObject({
      status: 409,
      body: { code: 'DRAW_DRAWN' },
    });
    await node.runner.settle();
    expect(await node.voidDraw(kenoDraw(4), VOID)).toMatchObject({
      status: 409,
      body: { code: 'DRAW_DRAWN' },
    });
    expect(await node.voidDraw('keno-1m-209901010001', VOID)).toMatchObject({
      status: 404,
      body: { code: 'DRAW_NOT_FOUND', field: 'params.drawCode' },
    });
    expect(await voidRows(nodeA, kenoDraw(4))).toBe(0);
    expect((await publicDraw(nodeA, kenoDraw(4)))?.state).toBe('SETTLED');
    expect(rollbacksOf(node)).toHaveLength(0);
    await node.close();
  });

  it('when the input is bad or the token is not the operator’s, then 4xx names the field and nothing is written', async () => {
    const { nodeA } = databases();
    const clock = { at: hour(5) + 5_000 };
    const node = await lotteryNode(nodeA, { clock });
    await node.runner.tick();
    const code = kenoDraw(5);
    const refused: [string, unknown, string][] = [
      [code, { operator: 'ops.anna', reason: 'a\u0000b' }, 'body.reason'],
      [code, { operator: 'ops.anna', reason: 'lone \ud800 surrogate' }, 'body.reason'],
      [code, { operator: 'ops.anna', reason: 'r'.repeat(141) }, 'body.reason'],
      [code, { operator: 'ops.anna', reason: 'r'.repeat(2_000) }, 'body.reason'],
      [code, { operator: 'ops.anna', reason: '   ' }, 'body.reason'],
      [code, { operator: 'ops.anna', reason: 42 }, 'body.reason'],
      [code, { operator: 'ops.anna' }, 'body.reason'],
      [code, { operator: ['ops.anna'], reason: 'why' }, 'body.operator'],
      [code, { operator: 'o'.repeat(61), reason: 'why' }, 'body.operator'],
      [code, { ...VOID, numbers: [1] }, 'body.numbers'],
      [code, 'not json', 'body'],
      ['KENO%00', VOID, 'params.drawCode'],
      ['k'.repeat(41), VOID, 'params.drawCode'],
    ];
    for (const [drawCode, body, field] of refused) {
      const answer = await node.voidDraw(drawCode, body);
      expect(answer.status, `${field} ${JSON.stringify(body).slice(0, 40)}`).toBe(400);
      if (field !== 'body') expect(answer.body.field, JSON.stringify(body).slice(0, 40)).toBe(field);
    }
    for (const token of ['', 'Bearer ', 'Bearer wrong-token', `Bearer ${'x'.repeat(5000)}`]) {
      const answer = await node.voidDraw(code, VOID, token);
      expect(answer).toMatchObject({ status: 401, body: { code: 'OPERATOR_UNAUTHORIZED' } });
    }
    expect(await voidRows(nodeA, code)).toBe(0);
    expect((await publicDraw(nodeA, code))?.state).toBe('UNDRAWN');
    await node.close();
  });
});
