import { expect, it } from 'vitest';
import { drawWindowAt, fastGameOf } from './draw-calendar.ts';
import { describeEachLotteryDatabase } from './lottery-databases.test-helpers.ts';
import { lotteryNode, NORTH_PRIZES, OPERATOR_SECRET } from './slips.test-helpers.ts';
import {
  ANNA,
  afterDraw,
  as,
  BINH,
  confirm,
  enter,
  type Node,
  northDraw,
  operatorCall,
  seventeenHours,
} from './vn-operators.test-helpers.ts';

const CLOCK = '/lottery/trying/regional-clock';
/** A move as a result operator makes it (ANNA unless told), or with any authorization header, none for undefined. */
const moveClock = (node: Node, body: unknown, ...authorization: [string | undefined] | []) =>
  operatorCall(node, 'PUT', CLOCK, authorization.length === 0 ? as(ANNA) : authorization[0], body);
const readClock = (node: Node) => operatorCall(node, 'GET', CLOCK, as(BINH));
const iso = (ms: number) => new Date(ms).toISOString();
const lo45 = { betType: 'lo2', selection: [45], stakeMinor: 2_700 };
const keno = { betType: 'keno-pick-1', selection: [7], stakeMinor: 100 };

describeEachLotteryDatabase('the movable regional clock of a trying site (ADR 071)', (databases) => {
  it('when a result operator moves the regional clock past the north draw, then the north draw closes, its result is entered, confirmed and paid, the fast draws keep the wall clock, and null brings the wall clock back', async () => {
    const clock = { at: seventeenHours(2) };
    const node = await lotteryNode(databases().nodeA, { clock, movableRegionalClock: true });
    await node.runner.tick();
    const north = await node.launch('vn-north');
    expect((await node.place(north, { drawCode: northDraw(2), bets: [lo45] })).status).toBe(201);
    // On the wall clock the draw has not been held: no result yet.
    expect((await enter(node, northDraw(2), NORTH_PRIZES)).body.code).toBe('DRAW_NOT_HELD');

    const moved = await moveClock(node, { at: iso(afterDraw(2)) });
    expect(moved.status).toBe(200);
    expect(moved.body.value).toEqual({ now: iso(afterDraw(2)), offsetMs: afterDraw(2) - clock.at });
    const late = await node.place(north, { drawCode: northDraw(2), bets: [lo45] });
    expect([late.status, late.body.code]).toEqual([409, 'DRAW_CLOSED']);
    // The fast draw open on the wall clock still takes bets, and the runner draws nothing early.
    const kenoDraw = drawWindowAt(
      fastGameOf('keno-1m') as NonNullable<ReturnType<typeof fastGameOf>>,
      clock.at,
    );
    const kenoSession = await node.launch('keno-1m');
    const fast = await node.place(kenoSession, { drawCode: kenoDraw.drawCode, bets: [keno] });
    expect(fast.status, JSON.stringify(fast.body)).toBe(201);
    expect(await node.runner.tick()).toEqual([]);
    // The operators' calendar agrees: the north draw is closed on the moved clock, keno open on the wall clock.
    const calendar = await node.house.app.inject({
      method: 'GET',
      url: `/lottery/operator/draws?from=${iso(clock.at - 3_600_000)}&to=${iso(afterDraw(2) + 3_600_000)}`,
      headers: { authorization: `Bearer ${OPERATOR_SECRET}` },
    });
    const stateOf = (drawCode: string) =>
      (calendar.json().value.draws as { drawCode: string; state: string }[]).find(
        (draw) => draw.drawCode === drawCode,
      )?.state;
    expect([stateOf(northDraw(2)), stateOf(kenoDraw.drawCode)]).toEqual(['CLOSED', 'OPEN']);

    const entered = await enter(node, northDraw(2), NORTH_PRIZES, ANNA);
    expect(entered.status).toBe(201);
    expect((await confirm(node, entered.body.value.entryId, BINH)).status).toBe(200);
    expect(await node.runner.settle()).toBe(1);
    const credits = node.platform.applied.filter((movement) => movement.call === 'credit');
    expect(credits).toHaveLength(1);
    // Lô 45 is on five prizes of NORTH_PRIZES: 2,700 × 5 × 99 × 0.97 / 27 = 48,015 (LOTT), and the
    // settlement credit carries the LOTT rebate too (ADR 072): floor(2,700 × 1.5%) = 40.
    expect(credits[0]?.body.amountMinor).toBe('48055');

    // The next north draw is the one open on the moved clock; back on the wall clock it is not held.
    await node.runner.tick();
    const opened = await node.house.app.inject({ method: 'GET', url: '/lottery/opened?game=vn-north' });
    expect(opened.json().open).toMatchObject({ drawCode: northDraw(3) });
    const next = await node.place(north, { drawCode: northDraw(3), bets: [lo45] });
    expect(next.status).toBe(201);
    expect((await moveClock(node, { at: null }, as(BINH))).body.value).toEqual({
      now: iso(clock.at),
      offsetMs: 0,
    });
    expect((await enter(node, northDraw(3), NORTH_PRIZES)).body.code).toBe('DRAW_NOT_HELD');
    await node.close();
  });

  it('when the clock is asked for without a result operator’s token, then 401 before the body is read and the clock stays; a site without LOTTERY_MOVABLE_CLOCK has no such call', async () => {
    const clock = { at: seventeenHours(4) };
    const node = await lotteryNode(databases().nodeA, { clock, movableRegionalClock: true });
    for (const authorization of [
      undefined,
      'Bearer not-an-operator-token-0123456789',
      `Basic ${ANNA.token}`,
    ]) {
      const refused = await moveClock(node, '{"at": ', authorization);
      expect([refused.status, refused.body.code]).toEqual([401, 'OPERATOR_UNAUTHORIZED']);
      expect((await operatorCall(node, 'GET', CLOCK, authorization)).status).toBe(401);
    }
    expect((await readClock(node)).body.value.offsetMs).toBe(0);
    await node.close();

    const fixed = await lotteryNode(databases().nodeA, { clock });
    await fixed.runner.tick();
    const absent = await moveClock(fixed, { at: iso(afterDraw(4)) });
    expect(absent.status).toBe(404);
    expect((await enter(fixed, northDraw(4), NORTH_PRIZES)).body.code).toBe('DRAW_NOT_HELD');
    await fixed.close();
  });

  it('when the move is malformed, behind the wall clock or too far ahead, then 400 names body.at (or the stray field) and the clock stays', async () => {
    const clock = { at: seventeenHours(5) };
    const node = await lotteryNode(databases().nodeA, { clock, movableRegionalClock: true });
    const day = 86_400_000;
    const cases: [unknown, string][] = [
      [{}, 'body.at'],
      [{ at: 42 }, 'body.at'],
      [{ at: true }, 'body.at'],
      [{ at: ['2030-01-05T12:00:00Z'] }, 'body.at'],
      [{ at: 'tomorrow' }, 'body.at'],
      [{ at: '2030-01-05T12:00:00' }, 'body.at'],
      [{ at: '2030-02-30T12:00:00Z' }, 'body.at'],
      [{ at: '2030-01-05T12:00:00Z\u0000' }, 'body.at'],
      [{ at: '2030-01-05T12:00:00Z\ud800' }, 'body.at'],
      [{ at: `2030-01-05T12:00:00.${'9'.repeat(3_000)}Z` }, 'body.at'],
      [{ at: iso(clock.at - 1_000) }, 'body.at'],
      [{ at: iso(clock.at + 7 * day + 1_000) }, 'body.at'],
      [{ at: null, offsetMs: 5 }, 'body.offsetMs'],
    ];
    for (const [body, field] of cases) {
      const refused = await moveClock(node, body);
      expect(
        [refused.status, refused.body.code, refused.body.field],
        JSON.stringify(body).slice(0, 80),
      ).toEqual([400, 'VALIDATION_FAILED', field]);
    }
    for (const raw of ['[1]', '"2030-01-05T12:00:00Z"', 'null', '{"at":']) {
      const refused = await moveClock(node, raw);
      expect(refused.status, raw).toBe(400);
    }
    expect((await readClock(node)).body.value).toEqual({ now: iso(clock.at), offsetMs: 0 });
    // The edges are allowed: the wall clock itself, and exactly seven days ahead.
    expect((await moveClock(node, { at: iso(clock.at + 7 * day) })).status).toBe(200);
    expect((await moveClock(node, { at: iso(clock.at) })).body.value.offsetMs).toBe(0);
    await node.close();
  });
});
