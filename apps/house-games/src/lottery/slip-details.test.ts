import { expect, it } from 'vitest';
import { describeEachLotteryDatabase } from './lottery-databases.test-helpers.ts';
import { lotteryNode } from './slips.test-helpers.ts';

const MINUTE = 60_000;
// A year no other suite bets in, so no draw is shared.
const START = Date.parse('2036-04-01T08:00:05Z');
const DRAW = 'race-1m-203604010801';
/** race-position at LOTT: 1,000 × 98 × 0.97 / 10. */
const WIN = 9_506;
const FIRST = 1;

type Listed = {
  slipId: string;
  payoutMinor: number | null;
  tickets: { ticketId: string; selection: number[]; payoutMinor: number | null; stakeMinor: number }[];
  corrections: { direction: string; amountMinor: number; status: string; reason: string }[];
};

describeEachLotteryDatabase(
  'my bets: each ticket of a slip, and corrections shown beside the settlement',
  (databases) => {
    it('when a member lists their slips, then each shows its tickets (numbers, bet type, odds snapshot, stake, payout); after a correction, a compensating debit and credit with the reason, the settlement unchanged', async () => {
      const { nodeA } = databases();
      const clock = { at: START };
      const node = await lotteryNode(nodeA, { clock });
      await node.runner.tick();
      const session = await node.launch('race-1m');
      const list = async (): Promise<Listed[]> => {
        const response = await node.house.app.inject({
          method: 'GET',
          url: `/lottery/sessions/${session}/slips`,
        });
        expect(response.statusCode).toBe(200);
        return response.json().value.slips;
      };
      // Two slips, runners 1–5 and 6–10 to come first: exactly one ticket of the ten wins.
      const slipOf = async (runners: number[]) =>
        (
          await node.place(session, {
            drawCode: DRAW,
            bets: runners.map((runner) => ({
              betType: 'race-position',
              selection: [runner, FIRST],
              stakeMinor: 1_000,
            })),
          })
        ).body.value.slipId as string;
      const low = await slipOf([1, 2, 3, 4, 5]);
      const high = await slipOf([6, 7, 8, 9, 10]);

      const placed = (await list()).find((slip) => slip.slipId === low) as Listed;
      expect(placed.tickets).toHaveLength(5);
      expect(placed.tickets[0]).toEqual({
        ticketId: `${low}-1`,
        betType: 'race-position',
        selection: [1, FIRST],
        stakeMinor: 1_000,
        // LOTT's snapshot: 98 × 0.97 per 10 staked, in whole numbers (ADR 056).
        odds: { kind: 'per-hit', per: 100_000, pays: 950_600 },
        payoutMinor: null,
        // LOTT's rebate, 1.5% of the stake, snapshotted with the odds (ADR 072).
        rebateMinor: 15,
      });
      expect(placed.tickets.map((ticket) => ticket.selection[0])).toEqual([1, 2, 3, 4, 5]);
      expect(placed.corrections).toEqual([]);

      clock.at += MINUTE;
      await node.runner.tick();
      expect(await node.runner.settle()).toBe(2);
      const settled = await list();
      const tickets = settled.flatMap((slip) => slip.tickets);
      const winners = tickets.filter((ticket) => ticket.payoutMinor === WIN);
      expect(winners).toHaveLength(1);
      expect(tickets.filter((ticket) => ticket.payoutMinor === 0)).toHaveLength(9);
      for (const slip of settled)
        expect(slip.payoutMinor).toBe(
          slip.tickets.reduce((sum, ticket) => sum + (ticket.payoutMinor ?? 0), 0),
        );

      // The operators move the win to a runner of the other slip.
      const winner = winners[0]?.selection[0] as number;
      const newWinner = winner <= 5 ? 6 : 1;
      const order = [
        newWinner,
        ...Array.from({ length: 10 }, (_, i) => i + 1).filter((r) => r !== newWinner),
      ];
      expect(
        (await node.correct(DRAW, { operator: 'ops.anna', reason: 'photo finish', numbers: order })).status,
      ).toBe(201);
      const pending = await list();
      const loser = pending.find((slip) => slip.slipId === (winner <= 5 ? low : high)) as Listed;
      const gainer = pending.find((slip) => slip.slipId === (winner <= 5 ? high : low)) as Listed;
      expect(loser.corrections).toEqual([
        expect.objectContaining({
          seq: 1,
          direction: 'DEBIT',
          amountMinor: WIN,
          status: 'PENDING',
          reason: 'photo finish',
        }),
      ]);
      expect(gainer.corrections).toEqual([
        expect.objectContaining({
          seq: 1,
          direction: 'CREDIT',
          amountMinor: WIN,
          status: 'PENDING',
          reason: 'photo finish',
        }),
      ]);
      // Never an edit: the settlement's payouts stay as they were paid.
      expect(loser.payoutMinor).toBe(WIN);
      expect(loser.tickets.find((ticket) => ticket.selection[0] === winner)?.payoutMinor).toBe(WIN);

      expect(await node.runner.sendCorrections()).toBe(2);
      const applied = await list();
      expect(applied.flatMap((slip) => slip.corrections.map((c) => c.status))).toEqual([
        'APPLIED',
        'APPLIED',
      ]);
      await node.close();
    });
  },
);
