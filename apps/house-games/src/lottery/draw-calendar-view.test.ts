import { expect, it } from 'vitest';
import { describeEachLotteryDatabase } from './lottery-databases.test-helpers.ts';
import { lotteryNode, OPERATOR_SECRET } from './slips.test-helpers.ts';

// A year no other suite bets in, so no draw is shared.
const START = Date.parse('2038-03-01T09:00:05Z');
const DRAW = 'keno-1m-203803010901';

describeEachLotteryDatabase('the operators’ draw calendar (ADR 069)', (databases) => {
  it('when operators ask for the calendar, then each draw of the span shows its state and slips, earliest first; a game filter keeps its draws; bad spans and fields are 400 naming them; no token is 401', async () => {
    const { nodeA } = databases();
    const clock = { at: START };
    const node = await lotteryNode(nodeA, { clock });
    await node.runner.tick();
    const session = await node.launch('keno-1m');
    const placed = await node.place(session, {
      drawCode: DRAW,
      bets: [{ betType: 'keno-pick-1', selection: [7], stakeMinor: 1_000 }],
    });
    expect(placed.status).toBe(201);
    const calendar = async (query: string, authorization = `Bearer ${OPERATOR_SECRET}`) => {
      const response = await node.house.app.inject({
        method: 'GET',
        url: `/lottery/operator/draws${query}`,
        headers: { authorization },
      });
      return { status: response.statusCode, body: response.json() };
    };
    const span = '?from=2038-03-01T08:59:00Z&to=2038-03-01T09:10:00Z';

    const open = await calendar(`${span}&game=keno-1m`);
    expect(open.status).toBe(200);
    expect(open.body.value.draws).toEqual([
      {
        drawCode: DRAW,
        gameCode: 'keno-1m',
        family: 'keno',
        opensAt: '2038-03-01T09:00:00.000Z',
        closesAt: '2038-03-01T09:01:00.000Z',
        state: 'OPEN',
        drawnAt: null,
        liveSlips: 1,
        liveStakeMinor: 1_000,
        settledSlips: 0,
        refusedSlips: 0,
        corrected: false,
      },
    ]);
    const all = (await calendar(span)).body.value.draws as { gameCode: string; closesAt: string }[];
    expect(new Set(all.map((draw) => draw.gameCode)).size).toBeGreaterThan(1);
    expect(all.map((draw) => draw.closesAt)).toEqual([...all.map((draw) => draw.closesAt)].sort());

    clock.at = Date.parse('2038-03-01T09:01:02Z');
    await node.runner.tick();
    const drawn = (await calendar(`${span}&game=keno-1m`)).body.value.draws[0];
    expect(drawn.state).toBe('SETTLING');
    await node.runner.settle();
    const settled = (await calendar(`${span}&game=keno-1m`)).body.value.draws[0];
    expect(settled).toMatchObject({ state: 'SETTLED', liveSlips: 0, settledSlips: 1 });

    const refused: [string, string][] = [
      ['?from=yesterday', 'query.from'],
      ['?from=2038-03-01T09:00:00Z&to=2038-03-01T08:00:00Z', 'query.to'],
      ['?from=2038-03-01T09:00:00Z&to=2038-03-20T09:00:00Z', 'query.to'],
      ['?game=lucky-koi', 'query.game'],
      ['?game=KENO%00', 'query.game'],
      [`?game=${'k'.repeat(500)}`, 'query.game'],
      ['?state=OPEN', 'query.state'],
    ];
    for (const [query, field] of refused)
      expect(await calendar(query), query.slice(0, 40)).toMatchObject({ status: 400, body: { field } });
    expect(await calendar(span, 'Bearer nope')).toMatchObject({
      status: 401,
      body: { code: 'OPERATOR_UNAUTHORIZED' },
    });
    await node.close();
  });
});
