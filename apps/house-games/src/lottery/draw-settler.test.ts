import { expect, it } from 'vitest';
import { clientOn } from '../platform/fake-platform.test-helpers.ts';
import { PLAYER } from '../play/play.test-helpers.ts';
import { createDrawSettler } from './draw-settler.ts';
import { publicDraw, type Queryable } from './draw-store.ts';
import { describeEachLotteryDatabase } from './lottery-databases.test-helpers.ts';
import { REFUSED_RETRY_MS } from './slip-refusals.ts';
import { lotteryNode } from './slips.test-helpers.ts';
import { findSlip, insertSlip, markPlaced } from './ticket-store.ts';
import { closingValueOf } from './verifiable-draw.ts';

const MINUTE = 60_000;
// Each test bets in its own hour (another than slips.test.ts's), so no two share a draw.
const hour = (n: number) => Date.parse('2031-01-01T00:00:00Z') + n * 3_600_000;
const raceDraw = (n: number) => `race-1m-20310101${String(n).padStart(2, '0')}01`;
const START = 1_000_000n;
/** race-position at LOTT: 1,000 × 98 × 0.97 / 10. */
const WIN = 9_506;
/** LOTT's rebate on a 1,000 ticket, won or lost: 1.5% (ADR 056, paid with the settlement: ADR 072). */
const REBATE = 15;
/** Ten 1,000 slips, one of them winning: what the player has after settlement. */
const AFTER_TEN = START - 10_000n + BigInt(WIN) + 10n * BigInt(REBATE);

/**
 * Ten slips on the race, "runner r comes first" for every runner: exactly one wins whatever the
 * draw, so the test knows the outcome without luck; then the draw closes and is drawn.
 */
async function tenSlipsDrawn(
  node: Awaited<ReturnType<typeof lotteryNode>>,
  clock: { at: number },
  n: number,
) {
  await node.runner.tick();
  const session = await node.launch('race-1m');
  const slips = new Map<number, string>();
  for (let runner = 1; runner <= 10; runner += 1) {
    const placed = await node.place(session, {
      drawCode: raceDraw(n),
      bets: [{ betType: 'race-position', selection: [runner, 1], stakeMinor: 1_000 }],
    });
    slips.set(runner, placed.body.value.slipId);
  }
  clock.at += MINUTE;
  await node.runner.tick();
  return slips;
}

/**
 * A slip left PENDING as by a node that died while debiting it: stored, never debited nor marked
 * placed. One keno pick-1 ticket of 10.00 on number 1.
 */
const insertPendingKenoSlip = (db: Queryable, slip: { slipId: string; drawCode: string; placedAt: Date }) =>
  insertSlip(db, { ...slip, playerId: PLAYER, gameCode: 'keno-1m' }, [
    {
      betType: 'keno-pick-1',
      selection: [1],
      stakeMinor: 1_000,
      odds: { kind: 'paytable', per: 100_000, paysByMatches: [0, 378_300] },
      rebateMinor: 15,
      exposureKey: 'keno-pick-1:1',
      exposureMinor: 3_783,
    },
  ]);

const verifyPage = (node: Awaited<ReturnType<typeof lotteryNode>>, drawCode: string) =>
  node.house.app.inject({ method: 'GET', url: `/lottery/draws/${drawCode}/verify` });

const creditsOf = (node: Awaited<ReturnType<typeof lotteryNode>>) =>
  node.platform.applied.filter((call) => call.call === 'credit').map((call) => call.body);

describeEachLotteryDatabase('settling drawn lottery draws', (databases) => {
  it('when a draw is drawn, then every slip is credited once through the protocol — the winner its payout, every slip its LOTT rebate — and marked settled', async () => {
    const { nodeA } = databases();
    const clock = { at: hour(1) + 5_000 };
    const node = await lotteryNode(nodeA, { clock });
    const slips = await tenSlipsDrawn(node, clock, 1);
    // Drawn but not settled: players see it settling, with no result (issue 17).
    expect(await publicDraw(nodeA, raceDraw(1))).toMatchObject({
      state: 'SETTLING',
      numbers: null,
      seed: null,
      closingValue: null,
      closedTickets: null,
    });

    expect(await node.runner.settle()).toBe(10);
    const draw = await publicDraw(nodeA, raceDraw(1));
    if (draw?.state !== 'SETTLED' || draw.numbers?.family !== 'race')
      throw new Error('the race is not settled');
    const winner = draw.numbers.order[0] as number;
    expect(draw.closedTickets).toHaveLength(10);
    const credits = creditsOf(node);
    expect(credits).toHaveLength(10);
    for (const [runner, slipId] of slips) {
      const amount = String((runner === winner ? WIN : 0) + REBATE);
      expect(credits).toContainEqual(
        expect.objectContaining({ roundId: slipId, transactionId: `${slipId}:c`, amountMinor: amount }),
      );
      expect(await findSlip(nodeA, slipId)).toMatchObject({
        status: 'SETTLED',
        payoutMinor: runner === winner ? WIN : 0,
      });
    }
    expect(node.platform.balanceOf(PLAYER)).toBe(AFTER_TEN);
    for (const slipId of slips.values()) expect(node.platform.roundStatus(slipId)).toBe('SETTLED');

    // A replay finds nothing left to pay.
    expect(await node.runner.settle()).toBe(0);
    expect(creditsOf(node)).toHaveLength(10);
    await node.close();
  });

  it('when two nodes settle the same draw at once, then no slip is paid twice', async () => {
    const { nodeA, nodeB } = databases();
    const clock = { at: hour(2) + 5_000 };
    const a = await lotteryNode(nodeA, { clock });
    const b = await lotteryNode(nodeB, { clock, platform: a.platform });
    const slips = await tenSlipsDrawn(a, clock, 2);

    const [byA, byB] = await Promise.all([a.runner.settle(), b.runner.settle()]);
    expect(byA + byB).toBeGreaterThanOrEqual(10);
    const credits = creditsOf(a);
    expect(credits.map((credit) => credit.roundId).sort()).toEqual([...slips.values()].sort());
    expect(a.platform.balanceOf(PLAYER)).toBe(AFTER_TEN);
    await a.close();
    await b.close();
  });

  it('when a node dies after the platform applied a batch of credits but before the slips were marked (the answer lost), then the next pass sends the same credits and each member is paid once', async () => {
    const { nodeA } = databases();
    const clock = { at: hour(3) + 5_000 };
    const node = await lotteryNode(nodeA, { clock });
    const slips = await tenSlipsDrawn(node, clock, 3);
    // The batch's credits are applied but every answer to it is lost (the client's retries too).
    node.platform.inject('credits', 'lose-answer', 4);

    expect(await node.runner.settle()).toBe(0);
    for (const slipId of slips.values()) expect((await findSlip(nodeA, slipId))?.status).toBe('PLACED');

    expect(await node.runner.settle()).toBe(10);
    const credits = creditsOf(node);
    expect(credits).toHaveLength(10);
    expect(new Set(credits.map((credit) => credit.transactionId)).size).toBe(10);
    expect(node.platform.balanceOf(PLAYER)).toBe(AFTER_TEN);
    await node.close();
  });

  it('when one credit of a batch is refused, then that slip alone is left (void when an operator refunded its round, else retried next pass) and the others are settled', async () => {
    const { nodeA } = databases();
    const clock = { at: hour(6) + 5_000 };
    const node = await lotteryNode(nodeA, { clock });
    const slips = await tenSlipsDrawn(node, clock, 6);
    const refunded = slips.get(2) as string;
    const failing = slips.get(3) as string;
    node.platform.cancelRound(refunded);
    node.platform.inject('credit', 'http-500', 1, failing);

    expect(await node.runner.settle()).toBe(8);
    expect((await findSlip(nodeA, refunded))?.status).toBe('VOID');
    expect((await findSlip(nodeA, failing))?.status).toBe('PLACED');
    expect(await node.runner.settle()).toBe(1);
    expect((await findSlip(nodeA, failing))?.status).toBe('SETTLED');
    expect(creditsOf(node).map((credit) => credit.roundId)).not.toContain(refunded);
    expect(creditsOf(node)).toHaveLength(9);
    await node.close();
  });

  it('when the platform refuses one credit (an answer, not a lost call), then that slip waits before its credit is sent again, with the refusal kept on it, and is paid once after the wait', async () => {
    const { nodeA } = databases();
    const clock = { at: hour(8) + 5_000 };
    const node = await lotteryNode(nodeA, { clock });
    const slips = await tenSlipsDrawn(node, clock, 8);
    const refused = slips.get(4) as string;
    node.platform.inject('credit', 'conflict', 1, refused);

    expect(await node.runner.settle()).toBe(9);
    const { rows } = await nodeA.query<{ status: string; refusal: string }>(
      'select status, refusal from lottery_slips where slip_id = $1',
      [refused],
    );
    expect(rows[0]).toEqual({ status: 'PLACED', refusal: 'TRANSACTION_CONFLICT' });
    const sent = () => node.platform.received.filter((call) => call.call === 'credits').length;
    const callsBefore = sent();
    expect(await node.runner.settle()).toBe(0);
    expect(sent()).toBe(callsBefore);
    clock.at += REFUSED_RETRY_MS;
    expect(await node.runner.settle()).toBe(1);
    expect(creditsOf(node)).toHaveLength(10);
    expect(node.platform.balanceOf(PLAYER)).toBe(AFTER_TEN);
    await node.close();
  });

  it('when a slip was left PENDING by a node that died while debiting, then its debit is rolled back and the slip is void, not settled; the draw shows its result only then, with the closed list that held the slip', async () => {
    const { nodeA } = databases();
    const clock = { at: hour(4) + 5_000 };
    const node = await lotteryNode(nodeA, { clock });
    await node.runner.tick();
    const slipId = 's0123456789abcdef01234567';
    const drawCode = 'keno-1m-203101010401';
    await insertPendingKenoSlip(nodeA, { slipId, drawCode, placedAt: new Date(clock.at) });
    clock.at += MINUTE;
    await node.runner.tick();
    await node.runner.settle();
    // Drawn with the PENDING slip in play; too young to be called stranded, so still settling.
    expect(await publicDraw(nodeA, drawCode)).toMatchObject({ state: 'SETTLING', numbers: null, seed: null });
    const { rows } = await nodeA.query<{ seed: string }>(
      'select seed from lottery_draws where draw_code = $1',
      [drawCode],
    );
    const settlingPage = (await verifyPage(node, drawCode)).body;
    expect(settlingPage).toContain('settling');
    expect(settlingPage).not.toContain(rows[0]?.seed);
    clock.at += 2 * MINUTE;
    await node.runner.settle();
    expect(node.platform.received.map((call) => [call.call, call.body.refTransactionId])).toEqual([
      ['rollback', `${slipId}:d`],
    ]);
    expect((await findSlip(nodeA, slipId))?.status).toBe('VOID');

    // Settled now: the published closed list still holds the void slip's ticket, and hashes to the closing value.
    const draw = await publicDraw(nodeA, drawCode);
    const inPlay = { ticketId: `${slipId}-1`, betType: 'keno-pick-1', selection: '1', stakeMinor: 1_000 };
    expect(draw).toMatchObject({ state: 'SETTLED', closedTickets: [inPlay] });
    expect(draw?.closingValue).toBe(closingValueOf(drawCode, [inPlay]));
    expect(draw?.closingValue).not.toBe(closingValueOf(drawCode, []));
    const page = (await verifyPage(node, drawCode)).body;
    expect(page).toContain(`${slipId}-1`);
    expect(page).toMatch(/id="list-check"><strong class="ok">/);
    // The page recomputes the closing value from the list it shows: a list that is not the one hashed fails.
    await nodeA.query(`update lottery_draws set closed_tickets = '[]' where draw_code = $1`, [drawCode]);
    expect((await verifyPage(node, drawCode)).body).toMatch(/id="list-check"><strong class="bad">/);
    await node.close();
  });

  it('when the rollbacks of the first stranded slips are refused, then the stranded slip behind them is still rolled back in the same pass', async () => {
    const { nodeA } = databases();
    const clock = { at: hour(7) + 5_000 };
    const node = await lotteryNode(nodeA, { clock });
    await node.runner.tick();
    const slipIds = ['s0123456789abcdef07000001', 's0123456789abcdef07000002', 's0123456789abcdef07000003'];
    for (const slipId of slipIds)
      await insertPendingKenoSlip(nodeA, {
        slipId,
        drawCode: 'keno-1m-203101010701',
        placedAt: new Date(clock.at),
      });
    clock.at += 3 * MINUTE;
    const [first, second, third] = slipIds as [string, string, string];
    node.platform.inject('rollback', 'conflict', 1, first);
    node.platform.inject('rollback', 'conflict', 1, second);
    // Pages of one slip: re-reading the stranded slips from the top would never reach the third.
    const settler = createDrawSettler({
      db: nodeA,
      client: clientOn(node.platform),
      now: () => clock.at,
      batchSize: 1,
    });
    await settler.settle();
    expect((await findSlip(nodeA, third))?.status).toBe('VOID');
    expect((await findSlip(nodeA, first))?.status).toBe('PENDING');
    // Refused, not lost: sent again once the wait is over, not at the very next pass.
    await settler.settle();
    expect((await findSlip(nodeA, first))?.status).toBe('PENDING');
    clock.at += REFUSED_RETRY_MS;
    await settler.settle();
    expect((await findSlip(nodeA, first))?.status).toBe('VOID');
    expect((await findSlip(nodeA, second))?.status).toBe('VOID');
    await node.close();
  });

  it('when a draw holds more slips than one batch, then a pass goes on batch after batch within its time, and yields after one batch once its time is up', async () => {
    const { nodeA } = databases();
    const clock = { at: hour(5) + 5_000 };
    const node = await lotteryNode(nodeA, { clock });
    await node.runner.tick();
    const drawCode = 'keno-1m-203101010501';
    const slipIds = Array.from({ length: 12 }, (_, n) => `s${n.toString(16).padStart(24, '0')}`);
    for (const slipId of slipIds) {
      await insertSlip(
        nodeA,
        { slipId, drawCode, playerId: PLAYER, gameCode: 'keno-1m', placedAt: new Date(clock.at) },
        [
          {
            betType: 'keno-pick-1',
            selection: [1],
            stakeMinor: 100,
            odds: { kind: 'paytable', per: 100_000, paysByMatches: [0, 378_300] },
            rebateMinor: 1,
            exposureKey: 'keno-pick-1:1',
            exposureMinor: 378,
          },
        ],
      );
      // Placed as if debited: written here, its round opened at the platform as a debit would.
      node.platform.openRound(slipId);
      await markPlaced(nodeA, slipId);
    }
    clock.at += MINUTE;
    await node.runner.tick();
    const settlerWith = (passBudgetMs: number) =>
      createDrawSettler({
        db: nodeA,
        client: clientOn(node.platform),
        now: () => clock.at,
        passBudgetMs,
        batchSize: 5,
      });
    // Out of time at once: one batch, and the calendar gets its turn.
    expect(await settlerWith(0).settle()).toBe(5);
    // Time enough: every other slip in one pass, over two more batches.
    expect(await settlerWith(Number.POSITIVE_INFINITY).settle()).toBe(7);
    expect((await publicDraw(nodeA, drawCode))?.state).toBe('SETTLED');
    await node.close();
  });
});
