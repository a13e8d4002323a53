import { expect, it } from 'vitest';
import { signedLaunchQuery } from '../platform/fake-platform.test-helpers.ts';
import { PLAYER } from '../play/play.test-helpers.ts';
import { describeEachLotteryDatabase } from './lottery-databases.test-helpers.ts';
import { ticketOdds } from './odds-tables.ts';
import { lotteryNode, slipCounts } from './slips.test-helpers.ts';

const MINUTE = 60_000;
// Its own day, so its draws meet no other test's.
const at = Date.parse('2032-03-01T05:00:00Z') + 5_000;
const draw3d = '3d-1m-203203010501';
const bigAndSmall = [
  { betType: 'big-small', selection: [1], stakeMinor: 1_000 },
  { betType: 'big-small', selection: [0], stakeMinor: 1_000 },
];

describeEachLotteryDatabase(
  'the prize mode a launch carries (spec 7.3 lottoPrizeMode, ADR 056)',
  (databases) => {
    it('when a member launches a fast game in ELOTT, then the board offers ELOTT odds (not LOTT’s), the tickets snapshot them, and the known winner of big and small is paid at them', async () => {
      const { nodeA } = databases();
      const clock = { at };
      const node = await lotteryNode(nodeA, { clock });
      await node.runner.tick();
      const elott = await node.launch('3d-1m', PLAYER, { prizeMode: 'ELOTT' });
      const lott = await node.launch('3d-1m');
      const board = async (session: string) =>
        (await node.house.app.inject({ method: 'GET', url: `/lottery/sessions/${session}/board` })).json()
          .value;
      const elottBoard = await board(elott);
      expect(elottBoard.prizeMode).toBe('ELOTT');
      expect(elottBoard.betTypes[2]).toMatchObject({
        betType: 'big-small',
        odds: ticketOdds('3d', 'big-small', 'ELOTT'),
      });
      expect((await board(lott)).prizeMode).toBe('LOTT');
      expect(elottBoard.betTypes).not.toEqual((await board(lott)).betTypes);

      const placed = await node.place(elott, { drawCode: draw3d, bets: bigAndSmall });
      expect(placed.status).toBe(201);
      const { rows } = await nodeA.query<{ odds: unknown }>(
        'select odds from lottery_tickets where slip_id = $1 order by ticket_id',
        [placed.body.value.slipId],
      );
      const snapshots = rows.map((row) => (typeof row.odds === 'string' ? JSON.parse(row.odds) : row.odds));
      expect(snapshots).toEqual([
        ticketOdds('3d', 'big-small', 'ELOTT'),
        ticketOdds('3d', 'big-small', 'ELOTT'),
      ]);

      clock.at += MINUTE;
      await node.runner.tick();
      expect(await node.runner.settle()).toBe(1);
      // A 3D digit sum is never 13.5: exactly one of the two wins, 10.00 × 1.96 at full odds.
      const credit = node.platform.applied.find((call) => call.call === 'credit')?.body;
      expect(credit).toMatchObject({ roundId: placed.body.value.slipId, amountMinor: '1960' });
      expect(node.platform.balanceOf(PLAYER)).toBe(1_000_000n - 2_000n + 1_960n);
      await node.close();
    });

    it('when a launch names an unknown prize mode, or one for a game that is not a lottery, then it is refused naming prizeMode and no session opens', async () => {
      const { nodeA } = databases();
      const node = await lotteryNode(nodeA, { clock: { at } });
      const before = await slipCounts(nodeA);
      const cases: [Record<string, string>, string][] = [
        [{ game: 'keno-1m', prizeMode: 'elott' }, 'prizeMode: must be one of'],
        [{ game: 'keno-1m', prizeMode: 'ELOTT\u0000' }, 'prizeMode: must be one of'],
        [{ game: 'keno-1m', prizeMode: 'L'.repeat(5_000) }, 'prizeMode: must be one of'],
        [{ game: 'keno-1m', prizeMode: '' }, 'prizeMode: must be one of'],
        [{ game: 'lucky-koi', prizeMode: 'ELOTT' }, 'prizeMode: only a lottery game'],
      ];
      for (const [params, message] of cases) {
        const response = await node.house.app.inject({
          method: 'GET',
          url: `/play?${signedLaunchQuery({ ...params, demo: '0', player: PLAYER })}`,
        });
        expect([response.statusCode, response.body]).toEqual([400, expect.stringContaining(message)]);
      }
      expect(node.house.sessions.size).toBe(0);
      expect(await slipCounts(nodeA)).toEqual(before);
      await node.close();
    });
  },
);
