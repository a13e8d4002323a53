import { expect, it } from 'vitest';
import { PLAYER } from '../play/play.test-helpers.ts';
import { publicDraw } from './draw-store.ts';
import { describeEachLotteryDatabase } from './lottery-databases.test-helpers.ts';
import { lotteryNode } from './slips.test-helpers.ts';
import { findSlip, insertSlip } from './ticket-store.ts';

const MINUTE = 60_000;
// Each test bets in its own hour (another than slips.test.ts's), so no two share a draw.
const hour = (n: number) => Date.parse('2031-01-01T00:00:00Z') + n * 3_600_000;
const raceDraw = (n: number) => `race-1m-20310101${String(n).padStart(2, '0')}01`;
const START = 1_000_000n;
/** race-position at LOTT: 1,000 × 98 × 0.97 / 10. */
const WIN = 9_506;

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

const creditsOf = (node: Awaited<ReturnType<typeof lotteryNode>>) =>
  node.platform.applied.filter((call) => call.call === 'credit').map((call) => call.body);

describeEachLotteryDatabase('settling drawn lottery draws', (databases) => {
  it('when a draw is drawn, then every slip is credited once through the protocol — the winner its payout, the losers "0" — and marked settled', async () => {
    const { nodeA } = databases();
    const clock = { at: hour(1) + 5_000 };
    const node = await lotteryNode(nodeA, { clock });
    const slips = await tenSlipsDrawn(node, clock, 1);
    const draw = await publicDraw(nodeA, raceDraw(1));
    if (draw?.numbers?.family !== 'race') throw new Error('the race was not drawn');
    const winner = draw.numbers.order[0] as number;

    expect(await node.runner.settle()).toBe(10);
    const credits = creditsOf(node);
    expect(credits).toHaveLength(10);
    for (const [runner, slipId] of slips) {
      const amount = runner === winner ? String(WIN) : '0';
      expect(credits).toContainEqual(
        expect.objectContaining({ roundId: slipId, transactionId: `${slipId}:c`, amountMinor: amount }),
      );
      expect(await findSlip(nodeA, slipId)).toMatchObject({
        status: 'SETTLED',
        payoutMinor: runner === winner ? WIN : 0,
      });
    }
    expect(node.platform.balanceOf(PLAYER)).toBe(START - 10_000n + BigInt(WIN));
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
    expect(a.platform.balanceOf(PLAYER)).toBe(START - 10_000n + BigInt(WIN));
    await a.close();
    await b.close();
  });

  it('when a node dies after the platform applied a credit but before the slip was marked (the answer lost), then the next pass sends the same credit and the member is paid once', async () => {
    const { nodeA } = databases();
    const clock = { at: hour(3) + 5_000 };
    const node = await lotteryNode(nodeA, { clock });
    const slips = await tenSlipsDrawn(node, clock, 3);
    // The first slip's credit is applied but every answer to it is lost (the client's retries too).
    node.platform.inject('credit', 'lose-answer', 4);

    expect(await node.runner.settle()).toBe(9);
    const placed = [];
    for (const slipId of slips.values())
      if ((await findSlip(nodeA, slipId))?.status === 'PLACED') placed.push(slipId);
    expect(placed).toHaveLength(1);

    expect(await node.runner.settle()).toBe(1);
    const credits = creditsOf(node);
    expect(credits).toHaveLength(10);
    expect(new Set(credits.map((credit) => credit.transactionId)).size).toBe(10);
    expect(node.platform.balanceOf(PLAYER)).toBe(START - 10_000n + BigInt(WIN));
    await node.close();
  });

  it('when a slip was left PENDING by a node that died while debiting, then its debit is rolled back and the slip is void, not settled', async () => {
    const { nodeA } = databases();
    const clock = { at: hour(4) + 5_000 };
    const node = await lotteryNode(nodeA, { clock });
    await node.runner.tick();
    const slipId = 's0123456789abcdef01234567';
    await insertSlip(
      nodeA,
      {
        slipId,
        drawCode: 'keno-1m-203101010401',
        playerId: PLAYER,
        gameCode: 'keno-1m',
        placedAt: new Date(clock.at),
      },
      [
        {
          betType: 'keno-pick-1',
          selection: [1],
          stakeMinor: 1_000,
          odds: { kind: 'paytable', per: 100_000, paysByMatches: [0, 378_300] },
          exposureKey: 'keno-pick-1:1',
          exposureMinor: 3_783,
        },
      ],
    );
    clock.at += 3 * MINUTE;
    await node.runner.tick();
    await node.runner.settle();
    expect(node.platform.received.map((call) => [call.call, call.body.refTransactionId])).toEqual([
      ['rollback', `${slipId}:d`],
    ]);
    expect((await findSlip(nodeA, slipId))?.status).toBe('VOID');
    await node.close();
  });
});
