import { expect, it } from 'vitest';
import { describeEachLotteryDatabase } from './lottery-databases.test-helpers.ts';
import { lotteryNode, OPERATOR_SECRET } from './slips.test-helpers.ts';

// A year no other suite bets in, so no draw is shared.
const START = Date.parse('2037-05-01T09:00:05Z');
const DRAW = 'keno-1m-203705010901';
/** Keno pick 1 of 1,000 returns at most 1,000 × 39 × 0.97 / 10 = 3,783 (LOTT). */
const PICK_1_MAX = 3_783;
const CAP = 10 * PICK_1_MAX;

describeEachLotteryDatabase('a draw’s liability per outcome, for operators', (databases) => {
  it('when operators look at a draw, then each outcome’s exposure shows against the cap, the most exposed first; a cancelled slip gives its exposure back; the call needs the operator token and a draw code', async () => {
    const { nodeA } = databases();
    const clock = { at: START };
    const node = await lotteryNode(nodeA, { clock, exposureCapMinor: CAP });
    await node.runner.tick();
    const session = await node.launch('keno-1m');
    const pick = (number: number) => ({
      drawCode: DRAW,
      bets: [{ betType: 'keno-pick-1', selection: [number], stakeMinor: 1_000 }],
    });
    await node.place(session, pick(7));
    await node.place(session, pick(7));
    const three = (await node.place(session, pick(3))).body.value.slipId;
    const view = async (drawCode = DRAW, authorization = `Bearer ${OPERATOR_SECRET}`) => {
      const response = await node.house.app.inject({
        method: 'GET',
        url: `/lottery/operator/draws/${drawCode}/liability`,
        headers: { authorization },
      });
      return { status: response.statusCode, body: response.json() };
    };

    const before = await view();
    expect(before.status).toBe(200);
    expect(before.body.value).toEqual({
      drawCode: DRAW,
      gameCode: 'keno-1m',
      closesAt: '2037-05-01T09:01:00.000Z',
      drawn: false,
      capMinor: CAP,
      liveSlips: 3,
      liveStakeMinor: 3_000,
      settledSlips: 0,
      outcomes: [
        { outcome: 'keno-pick-1:7', exposureMinor: 2 * PICK_1_MAX, headroomMinor: CAP - 2 * PICK_1_MAX },
        { outcome: 'keno-pick-1:3', exposureMinor: PICK_1_MAX, headroomMinor: CAP - PICK_1_MAX },
      ],
    });

    expect((await node.cancel(session, three)).status).toBe(200);
    const after = (await view()).body.value;
    expect(after).toMatchObject({ liveSlips: 2, liveStakeMinor: 2_000 });
    expect(after.outcomes.map((o: { outcome: string }) => o.outcome)).toEqual(['keno-pick-1:7']);

    expect(await view('keno-1m-209901010000')).toMatchObject({
      status: 404,
      body: { field: 'params.drawCode' },
    });
    expect(await view('keno%00')).toMatchObject({ status: 400, body: { field: 'params.drawCode' } });
    expect(await view('k'.repeat(90))).toMatchObject({
      status: 400,
      body: { field: 'params.drawCode' },
    });
    for (const authorization of ['', 'Bearer', `Bearer ${OPERATOR_SECRET}x`])
      expect(await view(DRAW, authorization)).toMatchObject({
        status: 401,
        body: { code: 'OPERATOR_UNAUTHORIZED' },
      });
    await node.close();
  });
});
