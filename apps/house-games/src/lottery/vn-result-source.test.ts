import { expect, it } from 'vitest';
import { PLAYER } from '../play/play.test-helpers.ts';
import { describeEachLotteryDatabase } from './lottery-databases.test-helpers.ts';
import { lotteryNode, NORTH_PRIZES, OPERATOR_SECRET } from './slips.test-helpers.ts';
import {
  ANNA,
  afterDraw,
  as,
  BINH,
  confirm,
  enter,
  entryCount,
  northDraw,
  operatorCall,
  reject,
  seventeenHours,
} from './vn-operators.test-helpers.ts';

describeEachLotteryDatabase(
  'regional results: entered by one operator, confirmed by another',
  (databases) => {
    it('when one operator enters the north result and another confirms it, then the draw settles on it once (even with two nodes settling), and the result shows who entered and who confirmed it', async () => {
      const { nodeA, nodeB } = databases();
      const clock = { at: seventeenHours(2) };
      const node = await lotteryNode(nodeA, { clock });
      const second = await lotteryNode(nodeB, { clock, platform: node.platform });
      await node.runner.tick();
      const session = await node.launch('vn-north');
      const placed = await node.place(session, {
        drawCode: northDraw(2),
        bets: [
          { betType: 'de', selection: [45], stakeMinor: 1_000 },
          { betType: 'lo2', selection: [45], stakeMinor: 2_700 },
          { betType: 'de', selection: [13], stakeMinor: 1_000 },
        ],
      });
      expect(placed.status).toBe(201);
      clock.at = afterDraw(2);

      const entered = await enter(node, northDraw(2), NORTH_PRIZES, ANNA);
      expect(entered.status).toBe(201);
      expect(entered.body.value).toMatchObject({ status: 'ENTERED', enteredBy: 'ops.anna', decidedBy: null });
      const entryId = entered.body.value.entryId;
      // The same operator confirming is no confirmation.
      const self = await confirm(node, entryId, ANNA);
      expect([self.status, self.body.code]).toEqual([409, 'SAME_OPERATOR']);
      await node.runner.tick();
      expect(await node.runner.settle()).toBe(0);

      const confirmed = await confirm(node, entryId, BINH);
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.value).toMatchObject({
        status: 'CONFIRMED',
        enteredBy: 'ops.anna',
        decidedBy: 'ops.binh',
      });
      const settled = await Promise.all([node.runner.settle(), second.runner.settle(), node.runner.settle()]);
      expect(settled.reduce((sum, n) => sum + n, 0)).toBe(1);
      const credits = node.platform.applied.filter((movement) => movement.call === 'credit');
      // LOTT pays 97% of the full odds. Đề 45 hits the special prize: 1,000 × 99 × 0.97 = 96,030.
      // Lô 45 is on five prizes: 2,700 × 5 × 99 × 0.97 / 27 = 48,015. Đề 13 loses. With LOTT's
      // rebates, 1.5% of each stake floored (15 + 40 + 15, ADR 072): 144,045 + 70.
      expect(credits).toEqual([
        {
          call: 'credit',
          body: expect.objectContaining({
            playerId: PLAYER,
            roundId: placed.body.value.slipId,
            amountMinor: '144115',
          }),
        },
      ]);

      const shown = await node.house.app.inject({
        method: 'GET',
        url: '/lottery/vn/draws?game=vn-north&limit=3',
      });
      const draw = shown.json().draws.find((d: { drawCode: string }) => d.drawCode === northDraw(2));
      expect(draw).toMatchObject({
        state: 'SETTLED',
        drawAt: '2030-01-02T11:15:00.000Z',
        numbers: { family: 'vn', region: 'north', prizes: NORTH_PRIZES },
        source: { kind: 'TWO_OPERATORS', entryId, enteredBy: 'ops.anna', confirmedBy: 'ops.binh' },
      });
      expect(draw).not.toHaveProperty('seed');
      // The verify page of a regional draw says it is not ours to verify.
      const page = await node.house.app.inject({
        method: 'GET',
        url: `/lottery/draws/${northDraw(2)}/verify`,
      });
      expect(page.body).toContain('external fact');

      // A confirmed result is final: another entry is refused.
      const again = await enter(node, northDraw(2), NORTH_PRIZES, BINH);
      expect([again.status, again.body.code]).toEqual([409, 'RESULT_FINAL']);
      await second.close();
      await node.close();
    });

    it('when a call has no operator token or another token, then 401 before the body is read, and nothing is recorded', async () => {
      const { nodeA } = databases();
      const clock = { at: afterDraw(3) - 86_400_000 };
      const node = await lotteryNode(nodeA, { clock });
      await node.runner.tick();
      clock.at = afterDraw(3);
      const url = `/lottery/operator/vn/draws/${northDraw(3)}/results`;
      for (const authorization of [
        undefined,
        '',
        'Bearer',
        `Bearer ${OPERATOR_SECRET}`,
        ANNA.token,
        `Bearer ${ANNA.token}x`,
      ]) {
        // A body that is not even JSON: refused for the token, not for the body.
        const answer = await operatorCall(node, 'POST', url, authorization, '{not json');
        expect([answer.status, answer.body.code], String(authorization)).toEqual([
          401,
          'OPERATOR_UNAUTHORIZED',
        ]);
      }
      const noToken = await operatorCall(node, 'POST', '/lottery/operator/vn/entries/1/confirm', undefined);
      expect(noToken.status).toBe(401);
      expect(await entryCount(node, northDraw(3))).toBe(0);
      await node.close();
    });

    it('when an entry is malformed, names no regional draw, or comes before the draw is held, then a clear 4xx names the field and nothing is recorded', async () => {
      const { nodeA } = databases();
      const clock = { at: seventeenHours(4) };
      const node = await lotteryNode(nodeA, { clock });
      await node.runner.tick();
      const before = await enter(node, northDraw(4), NORTH_PRIZES);
      expect([before.status, before.body.code]).toEqual([409, 'DRAW_NOT_HELD']);
      clock.at = afterDraw(4);
      const cases: [unknown, string][] = [
        [{ ...NORTH_PRIZES, G7: ['07', '45', '68'] }, 'body.prizes.G7'],
        [{ ...NORTH_PRIZES, G3: NORTH_PRIZES.G3.slice(1) }, 'body.prizes.G3'],
        [{ ...NORTH_PRIZES, DB: ['1234'] }, 'body.prizes.DB.0'],
        [{ ...NORTH_PRIZES, DB: ['123456'] }, 'body.prizes.DB.0'],
        [{ ...NORTH_PRIZES, G1: ['1234\u0000'] }, 'body.prizes.G1.0'],
        [{ ...NORTH_PRIZES, G1: ['１２３４５'] }, 'body.prizes.G1.0'],
        [{ ...NORTH_PRIZES, G1: ['\uD800234'] }, 'body.prizes.G1.0'],
        [{ ...NORTH_PRIZES, G1: ['9'.repeat(2_000)] }, 'body.prizes.G1.0'],
        [{ ...NORTH_PRIZES, DB: [12345] }, 'body.prizes.DB.0'],
        [{ ...NORTH_PRIZES, DB: '12345' }, 'body.prizes.DB'],
        [{ ...NORTH_PRIZES, G8: ['12'] }, 'body.prizes.G8'],
        [{ G1: NORTH_PRIZES.G1 }, 'body.prizes.DB'],
        ['12345', 'body.prizes'],
        [[NORTH_PRIZES], 'body.prizes'],
        [null, 'body.prizes'],
      ];
      for (const [prizes, field] of cases) {
        const answer = await enter(node, northDraw(4), prizes);
        expect(
          [answer.status, answer.body.code, answer.body.field],
          JSON.stringify(prizes).slice(0, 60),
        ).toEqual([400, 'VALIDATION_FAILED', field]);
      }
      const extra = await operatorCall(
        node,
        'POST',
        `/lottery/operator/vn/draws/${northDraw(4)}/results`,
        as(ANNA),
        {
          prizes: NORTH_PRIZES,
          region: 'south',
        },
      );
      expect([extra.status, extra.body.field]).toEqual([400, 'body.region']);
      // No regional draw of that name: never opened, not regional, or not a code at all.
      for (const [code, status] of [
        [northDraw(20), 404],
        ['vn-east-20300104', 404],
        ['keno-1m-203001041101', 400],
        [`vn-north-${'1'.repeat(90)}`, 400],
      ] as const) {
        const answer = await enter(node, code, NORTH_PRIZES);
        expect([answer.status, answer.body.field], code.slice(0, 40)).toEqual([status, 'params.drawCode']);
      }
      for (const [entryId, status] of [
        ['abc', 400],
        ['0', 400],
        ['99999999999', 400],
        ['99999999', 404],
      ] as const) {
        const answer = await confirm(node, entryId, BINH);
        expect([answer.status, answer.body.field], entryId).toEqual([status, 'params.entryId']);
      }
      expect(await entryCount(node, northDraw(4))).toBe(0);
      await node.close();
    });

    it('when a second operator rejects an entry with a note, then it is kept as rejected and cannot be confirmed; one entry waits at a time; a new entry confirmed by the other operator settles the draw', async () => {
      const { nodeA } = databases();
      const clock = { at: seventeenHours(5) };
      const node = await lotteryNode(nodeA, { clock });
      await node.runner.tick();
      clock.at = afterDraw(5);
      const wrong = await enter(node, northDraw(5), { ...NORTH_PRIZES, DB: ['99999'] }, ANNA);
      expect(wrong.status).toBe(201);
      const second = await enter(node, northDraw(5), NORTH_PRIZES, BINH);
      expect([second.status, second.body.code]).toEqual([409, 'ENTRY_WAITING']);
      const own = await reject(node, wrong.body.value.entryId, ANNA, 'typo');
      expect([own.status, own.body.code]).toEqual([409, 'SAME_OPERATOR']);
      for (const note of ['', '  ', 'bad\u0000note', 'x'.repeat(301), 42, null]) {
        const answer = await reject(node, wrong.body.value.entryId, BINH, note);
        expect([answer.status, answer.body.field], String(note).slice(0, 20)).toEqual([400, 'body.note']);
      }
      const rejected = await reject(
        node,
        wrong.body.value.entryId,
        BINH,
        'The special prize is 12345 on the broadcast',
      );
      expect(rejected.body.value).toMatchObject({
        status: 'REJECTED',
        decidedBy: 'ops.binh',
        note: 'The special prize is 12345 on the broadcast',
      });
      const late = await confirm(node, wrong.body.value.entryId, BINH);
      expect([late.status, late.body.code]).toEqual([409, 'ENTRY_DECIDED']);
      expect(await node.runner.settle()).toBe(0);

      const right = await enter(node, northDraw(5), NORTH_PRIZES, BINH);
      expect((await confirm(node, right.body.value.entryId, ANNA)).status).toBe(200);
      const audit = await operatorCall(
        node,
        'GET',
        `/lottery/operator/vn/draws/${northDraw(5)}/entries`,
        as(BINH),
      );
      expect(
        audit.body.value.entries.map((e: { status: string; enteredBy: string; decidedBy: string }) => [
          e.status,
          e.enteredBy,
          e.decidedBy,
        ]),
      ).toEqual([
        ['REJECTED', 'ops.anna', 'ops.binh'],
        ['CONFIRMED', 'ops.binh', 'ops.anna'],
      ]);
      await node.close();
    });
  },
);
