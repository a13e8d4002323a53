import { expect, it } from 'vitest';
import { PLAYER } from '../play/play.test-helpers.ts';
import { describeEachLotteryDatabase } from './lottery-databases.test-helpers.ts';
import { lotteryNode } from './slips.test-helpers.ts';

const MINUTE = 60_000;
// Its own day, so its draws meet no other test's.
const at = Date.parse('2034-05-01T06:00:00Z') + 5_000;
const raceDraw = (minute: number) => `race-1m-2034050106${String(minute).padStart(2, '0')}`;
const START = 1_000_000n;
/** "Runner r comes first" for every runner: exactly one of the ten wins whatever the draw. */
const everyRunnerFirst = Array.from({ length: 10 }, (_, index) => ({
  betType: 'race-position',
  selection: [index + 1, 1],
  stakeMinor: 1_000,
}));

/**
 * Per mode (ADR 056): the winning race-position ticket's prize (1,000 × 9.8 scaled by the mode) and
 * the rebate of each 1,000 ticket (stake × the mode's rate, ADR 072), written out by hand.
 */
const EXPECTED = {
  ELOTT: { prize: 9_800, rebate: 0 },
  ZY: { prize: 9_653, rebate: 5 },
  LOTT: { prize: 9_506, rebate: 15 },
  SEA: { prize: 9_310, rebate: 30 },
} as const;

describeEachLotteryDatabase('the prize modes’ rebates, paid with settlement (ADR 072)', (databases) => {
  it('when slips are settled in ELOTT, ZY, LOTT and SEA, then each slip is credited once its prize plus stake × its mode’s rebate rate, and each ticket shows its rebate', async () => {
    const { nodeA } = databases();
    const clock = { at };
    const node = await lotteryNode(nodeA, { clock });
    await node.runner.tick();
    const slipOf = new Map<string, string>();
    const sessions = new Map<string, string>();
    for (const mode of Object.keys(EXPECTED)) {
      const session = await node.launch('race-1m', PLAYER, { prizeMode: mode });
      const placed = await node.place(session, { drawCode: raceDraw(1), bets: everyRunnerFirst });
      expect(placed.status).toBe(201);
      slipOf.set(mode, placed.body.value.slipId);
      sessions.set(mode, session);
    }
    clock.at += MINUTE;
    await node.runner.tick();
    expect(await node.runner.settle()).toBe(4);
    // A replay pays nothing more.
    expect(await node.runner.settle()).toBe(0);

    const credits = node.platform.applied.filter((call) => call.call === 'credit').map((call) => call.body);
    expect(credits).toHaveLength(4);
    let paid = 0n;
    for (const [mode, { prize, rebate }] of Object.entries(EXPECTED)) {
      const slipId = slipOf.get(mode) as string;
      const amount = prize + 10 * rebate;
      expect(credits).toContainEqual(
        expect.objectContaining({
          roundId: slipId,
          transactionId: `${slipId}:c`,
          amountMinor: String(amount),
        }),
      );
      paid += BigInt(amount);
      const mine = await node.house.app.inject({
        method: 'GET',
        url: `/lottery/sessions/${sessions.get(mode)}/slips`,
      });
      const slip = mine.json().value.slips.find((one: { slipId: string }) => one.slipId === slipId);
      // The slip's payout stays the prizes (what a corrected result is compared with); the rebate is beside it.
      expect(slip).toMatchObject({ status: 'SETTLED', payoutMinor: prize });
      expect(slip.tickets).toHaveLength(10);
      for (const ticket of slip.tickets) expect(ticket.rebateMinor).toBe(rebate);
    }
    expect(node.platform.balanceOf(PLAYER)).toBe(START - 40_000n + paid);
    await node.close();
  });

  it('when a LOTT slip is cancelled before the close, then it is never credited: no rebate on a stake given back', async () => {
    const { nodeA } = databases();
    const clock = { at: at + 10 * MINUTE };
    const node = await lotteryNode(nodeA, { clock });
    await node.runner.tick();
    const session = await node.launch('race-1m');
    const placed = await node.place(session, { drawCode: raceDraw(11), bets: everyRunnerFirst });
    expect((await node.cancel(session, placed.body.value.slipId)).status).toBe(200);
    clock.at += MINUTE;
    await node.runner.tick();
    await node.runner.settle();
    expect(node.platform.applied.filter((call) => call.call === 'credit')).toEqual([]);
    expect(node.platform.balanceOf(PLAYER)).toBe(START);
    await node.close();
  });
});
