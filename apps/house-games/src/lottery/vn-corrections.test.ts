import { expect, it } from 'vitest';
import { PLAYER } from '../play/play.test-helpers.ts';
import type { Queryable } from './draw-store.ts';
import { describeEachLotteryDatabase } from './lottery-databases.test-helpers.ts';
import { lotteryNode, NORTH_PRIZES, OTHER_PLAYER } from './slips.test-helpers.ts';
import {
  ANNA,
  afterDraw,
  BINH,
  confirm,
  enter,
  enterCorrection,
  entryCount,
  type Node,
  northDraw,
  operatorCall,
  seventeenHours,
} from './vn-operators.test-helpers.ts';

/** Đề at LOTT pays 1,000 × 99 × 0.97 (ADR 056). */
const DE_WIN = 96_030;
/** LOTT's rebate on a 1,000 đề, paid with its settlement and never touched by a correction (ADR 072). */
const REBATE = 15n;
/** The same result with the special prize ending 13 instead of 45. */
const CORRECTED = { ...NORTH_PRIZES, DB: ['12313'] };

const correctionRows = async (db: Queryable, drawCode: string) =>
  Number(
    (
      await db.query<{ n: string }>(
        'select count(*)::text as n from lottery_draw_corrections where draw_code = $1',
        [drawCode],
      )
    ).rows[0]?.n,
  );
const correctionsApplied = (node: Node) =>
  node.platform.applied.filter((call) => call.call === 'correction').map((call) => call.body);

/** Đề 45 for PLAYER and đề 13 for OTHER_PLAYER on the day's north draw, confirmed on NORTH_PRIZES and settled. */
async function settledNorth(node: Node, clock: { at: number }, day: number) {
  clock.at = seventeenHours(day);
  await node.runner.tick();
  const de = async (player: string, number: number) =>
    (
      await node.place(await node.launch('vn-north', player), {
        drawCode: northDraw(day),
        bets: [{ betType: 'de', selection: [number], stakeMinor: 1_000 }],
      })
    ).body.value.slipId as string;
  const slips = { de45: await de(PLAYER, 45), de13: await de(OTHER_PLAYER, 13) };
  clock.at = afterDraw(day);
  const entered = await enter(node, northDraw(day), NORTH_PRIZES, ANNA);
  expect((await confirm(node, entered.body.value.entryId, BINH)).status).toBe(200);
  expect(await node.runner.settle()).toBe(2);
  return slips;
}

describeEachLotteryDatabase(
  'regional result corrections: entered by one operator, confirmed by another',
  (databases) => {
    it('when a confirmed regional result is corrected, then only another operator’s confirmation makes it count: the old winner is debited and the new one credited once each (lost answers, two nodes), and a second correction reverses it', async () => {
      const { nodeA, nodeB } = databases();
      const clock = { at: 0 };
      const node = await lotteryNode(nodeA, { clock });
      const second = await lotteryNode(nodeB, { clock, platform: node.platform });
      const slips = await settledNorth(node, clock, 10);
      const settledBalance = {
        player: node.platform.balanceOf(PLAYER),
        other: node.platform.balanceOf(OTHER_PLAYER),
      };

      const entered = await enterCorrection(node, northDraw(10), {
        prizes: CORRECTED,
        reason: 'ĐB misread on the broadcast',
      });
      expect(entered.status).toBe(201);
      expect(entered.body.value).toMatchObject({
        kind: 'CORRECTION',
        status: 'ENTERED',
        reason: 'ĐB misread on the broadcast',
      });
      const entryId = entered.body.value.entryId;
      // The operator who entered it cannot make it count.
      const self = await confirm(node, entryId, ANNA);
      expect([self.status, self.body.code]).toEqual([409, 'SAME_OPERATOR']);
      expect(await correctionRows(nodeA, northDraw(10))).toBe(0);

      const confirmed = await confirm(node, entryId, BINH);
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.value).toMatchObject({
        kind: 'CORRECTION',
        status: 'CONFIRMED',
        enteredBy: 'ops.anna',
        decidedBy: 'ops.binh',
      });
      const again = await confirm(second, entryId, BINH);
      expect([again.status, again.body.code]).toEqual([409, 'ENTRY_DECIDED']);
      expect(await correctionRows(nodeA, northDraw(10))).toBe(1);

      // The debit's first answer is lost; two nodes send at once; then the passes replay.
      node.platform.inject('correction', 'lose-answer', 1, slips.de45);
      await Promise.all([node.runner.sendCorrections(), second.runner.sendCorrections()]);
      await node.runner.sendCorrections();
      await second.runner.sendCorrections();
      const reason = `Draw ${northDraw(10)} result corrected: ĐB misread on the broadcast`;
      const applied = correctionsApplied(node);
      expect(applied).toHaveLength(2);
      expect(applied).toContainEqual(
        expect.objectContaining({
          roundId: slips.de45,
          transactionId: `${slips.de45}:k1`,
          direction: 'DEBIT',
          amountMinor: String(DE_WIN),
          reason,
        }),
      );
      expect(applied).toContainEqual(
        expect.objectContaining({
          roundId: slips.de13,
          transactionId: `${slips.de13}:k1`,
          direction: 'CREDIT',
          amountMinor: String(DE_WIN),
          reason,
        }),
      );
      expect(node.platform.balanceOf(PLAYER)).toBe((settledBalance.player as bigint) - BigInt(DE_WIN));
      expect(node.platform.balanceOf(OTHER_PLAYER)).toBe((settledBalance.other as bigint) + BigInt(DE_WIN));
      expect(node.platform.roundPayout(slips.de45)).toBe(REBATE);
      expect(node.platform.roundPayout(slips.de13)).toBe(BigInt(DE_WIN) + REBATE);

      // The second correction (the first entry was right after all), the other way round.
      const back = await enterCorrection(
        node,
        northDraw(10),
        { prizes: NORTH_PRIZES, reason: 'first reading was right' },
        BINH,
      );
      expect((await confirm(node, back.body.value.entryId, ANNA)).status).toBe(200);
      await Promise.all([node.runner.sendCorrections(), second.runner.sendCorrections()]);
      await node.runner.sendCorrections();
      expect(correctionsApplied(node)).toHaveLength(4);
      expect(node.platform.balanceOf(PLAYER)).toBe(settledBalance.player);
      expect(node.platform.balanceOf(OTHER_PLAYER)).toBe(settledBalance.other);
      const { rows } = await nodeA.query<{ operator: string; seq: number }>(
        'select operator, seq from lottery_draw_corrections order by seq',
      );
      expect(rows).toEqual([
        { operator: 'ops.anna, confirmed by ops.binh', seq: 1 },
        { operator: 'ops.binh, confirmed by ops.anna', seq: 2 },
      ]);
      await second.close();
      await node.close();
    });

    it('when a correction is malformed, comes before the result, names no regional draw, has no token, or goes to the single-operator call, then a clear 4xx names the field and nothing is recorded', async () => {
      const { nodeA } = databases();
      const clock = { at: 0 };
      const node = await lotteryNode(nodeA, { clock });
      clock.at = seventeenHours(12);
      await node.runner.tick();
      clock.at = afterDraw(12);
      const early = await enterCorrection(node, northDraw(12), { prizes: CORRECTED, reason: 'early' });
      expect([early.status, early.body.code]).toEqual([409, 'RESULT_NOT_FINAL']);

      await settledNorth(node, clock, 11);
      const entriesBefore = await entryCount(node, northDraw(11));
      const cases: [unknown, string][] = [
        [{ prizes: { ...CORRECTED, G7: ['07', '45', '68'] }, reason: 'x' }, 'body.prizes.G7'],
        [{ prizes: { ...CORRECTED, DB: ['1231\u0000'] }, reason: 'x' }, 'body.prizes.DB.0'],
        [{ prizes: CORRECTED }, 'body.reason'],
        [{ prizes: CORRECTED, reason: '' }, 'body.reason'],
        [{ prizes: CORRECTED, reason: 'a\u0000b' }, 'body.reason'],
        [{ prizes: CORRECTED, reason: '\uD800' }, 'body.reason'],
        [{ prizes: CORRECTED, reason: 'x'.repeat(141) }, 'body.reason'],
        [{ prizes: CORRECTED, reason: 42 }, 'body.reason'],
        [{ prizes: CORRECTED, reason: 'x', extra: 1 }, 'body.extra'],
        [{ prizes: 'nope', reason: 'x' }, 'body.prizes'],
      ];
      for (const [body, field] of cases) {
        const answer = await enterCorrection(node, northDraw(11), body);
        expect([answer.status, answer.body.field], JSON.stringify(body).slice(0, 60)).toEqual([400, field]);
      }
      const url = (code: string) => `/lottery/operator/vn/draws/${code}/corrections`;
      const body = { prizes: CORRECTED, reason: 'x' };
      expect(
        (await operatorCall(node, 'POST', url('keno-1m-203001111101'), `Bearer ${ANNA.token}`, body)).status,
      ).toBe(400);
      expect(
        (await operatorCall(node, 'POST', url(northDraw(25)), `Bearer ${ANNA.token}`, body)).status,
      ).toBe(404);
      const anonymous = await operatorCall(node, 'POST', url(northDraw(11)), undefined, '{not json');
      expect([anonymous.status, anonymous.body.code]).toEqual([401, 'OPERATOR_UNAUTHORIZED']);
      // One operator alone cannot correct a regional result through the house draws' call.
      const alone = await node.correct(northDraw(11), { operator: 'ops.anna', reason: 'x', numbers: [1, 2] });
      expect([alone.status, alone.body.field]).toEqual([400, 'body.numbers']);
      expect(await entryCount(node, northDraw(11))).toBe(entriesBefore);
      expect(await correctionRows(nodeA, northDraw(11))).toBe(0);
      await node.close();
    });
  },
);
