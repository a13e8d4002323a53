import { expect, it } from 'vitest';
import { describeEachLotteryDatabase } from './lottery-databases.test-helpers.ts';
import { lotteryNode, NORTH_PRIZES, RESULT_OPERATORS } from './slips.test-helpers.ts';

const MINUTE = 60_000;
// A year no other suite bets in, so no draw is shared.
const START = Date.parse('2035-03-01T10:00:05Z');
const raceDraw = (minute: number) => `race-1m-2035030110${String(minute).padStart(2, '0')}`;
const [ANNA, BINH] = RESULT_OPERATORS;

describeEachLotteryDatabase(
  'opened numbers: settled draws only, paged, corrections and sources shown',
  (databases) => {
    it('when a draw is drawn but its slips are not yet paid, then it is not listed; once settled it is, newest first, paged, with the open draw; a correction shows the corrected numbers', async () => {
      const { nodeA } = databases();
      const clock = { at: START };
      const node = await lotteryNode(nodeA, { clock });
      const opened = async (query: string) => {
        const response = await node.house.app.inject({ method: 'GET', url: `/lottery/opened?${query}` });
        return { status: response.statusCode, body: response.json() };
      };
      await node.runner.tick();
      const session = await node.launch('race-1m');
      const placed = await node.place(session, {
        drawCode: raceDraw(1),
        bets: [{ betType: 'race-position', selection: [3, 1], stakeMinor: 1_000 }],
      });
      expect(placed.status).toBe(201);
      clock.at += MINUTE;
      await node.runner.tick();

      const settling = await opened('game=race-1m');
      expect(settling.status).toBe(200);
      expect(settling.body).toMatchObject({ total: 0, draws: [], open: { drawCode: raceDraw(2) } });

      expect(await node.runner.settle()).toBe(1);
      clock.at += MINUTE;
      await node.runner.tick();
      await node.runner.settle();

      const first = await opened('game=race-1m&pageNo=1&pageSize=1');
      expect(first.body).toMatchObject({ game: 'race-1m', pageNo: 1, pageSize: 1, total: 2 });
      expect(first.body.draws.map((d: { drawCode: string }) => d.drawCode)).toEqual([raceDraw(2)]);
      const second = (await opened('game=race-1m&pageNo=2&pageSize=1')).body;
      expect(second.draws).toHaveLength(1);
      const race = second.draws[0];
      expect(race).toMatchObject({ drawCode: raceDraw(1), prizes: null, source: null, corrected: false });
      expect([...race.numbers].sort((a: string, b: string) => Number(a) - Number(b))).toEqual([
        '1',
        '2',
        '3',
        '4',
        '5',
        '6',
        '7',
        '8',
        '9',
        '10',
      ]);
      expect((await opened('game=race-1m&pageNo=3&pageSize=1')).body).toMatchObject({ total: 2, draws: [] });

      const reversed = [...race.numbers].reverse().map(Number);
      const corrected = await node.correct(raceDraw(1), {
        operator: 'ops.anna',
        reason: 'photo finish',
        numbers: reversed,
      });
      expect(corrected.status).toBe(201);
      const after = (await opened('game=race-1m&pageNo=2&pageSize=1')).body.draws[0];
      expect(after).toMatchObject({ drawCode: raceDraw(1), corrected: true, numbers: reversed.map(String) });
      await node.close();
    });

    it('when a regional result is confirmed and settled, then its numbers are listed special prize first with the tiers and who vouched for it', async () => {
      const { nodeA } = databases();
      const clock = { at: Date.parse('2035-03-02T10:00:00Z') };
      const node = await lotteryNode(nodeA, { clock });
      await node.runner.tick();
      clock.at += 80 * MINUTE;
      const call = async (url: string, token: string, payload?: object) =>
        (
          await node.house.app.inject({
            method: 'POST',
            url,
            headers: { authorization: `Bearer ${token}` },
            ...(payload ? { payload } : {}),
          })
        ).json();
      const entered = await call('/lottery/operator/vn/draws/vn-north-20350302/results', ANNA.token, {
        prizes: NORTH_PRIZES,
      });
      await call(`/lottery/operator/vn/entries/${entered.value.entryId}/confirm`, BINH.token);
      await node.runner.settle();
      const response = await node.house.app.inject({ method: 'GET', url: '/lottery/opened?game=vn-north' });
      const draw = response.json().draws[0];
      expect(draw).toMatchObject({
        drawCode: 'vn-north-20350302',
        prizes: NORTH_PRIZES,
        source: 'entered by ops.anna, confirmed by ops.binh',
        corrected: false,
      });
      expect(draw.numbers).toHaveLength(27);
      expect(draw.numbers.slice(0, 2)).toEqual(['12345', '67801']);
      await node.close();
    });

    it('when the input is bad, then it is a 400 naming the field', async () => {
      const { nodeA } = databases();
      const node = await lotteryNode(nodeA, { clock: { at: START } });
      const cases: [string, string][] = [
        ['', 'query.game'],
        ['game=bingo-1m', 'query.game'],
        ['game=vn-north%00', 'query.game'],
        [`game=${'k'.repeat(5000)}`, 'query.game'],
        ['game=%ED%A0%80', 'query.game'],
        ['game=vn-north&pageNo=0', 'query.pageNo'],
        ['game=vn-north&pageNo=1.5', 'query.pageNo'],
        ['game=vn-north&pageNo=99999999999999999999999', 'query.pageNo'],
        ['game=vn-north&pageSize=51', 'query.pageSize'],
        ['game=vn-north&pageSize=abc', 'query.pageSize'],
        ['game=vn-north&extra=1', 'query.extra'],
      ];
      for (const [query, field] of cases) {
        const response = await node.house.app.inject({ method: 'GET', url: `/lottery/opened?${query}` });
        expect({
          query: query.slice(0, 40),
          status: response.statusCode,
          field: response.json().field,
        }).toEqual({
          query: query.slice(0, 40),
          status: 400,
          field,
        });
      }
      await node.close();
    });
  },
);
