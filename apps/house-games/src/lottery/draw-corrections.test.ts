import { expect, it } from 'vitest';
import { PLAYER } from '../play/play.test-helpers.ts';
import { publicDraw, type Queryable } from './draw-store.ts';
import { describeEachLotteryDatabase } from './lottery-databases.test-helpers.ts';
import { lotteryNode, OTHER_PLAYER } from './slips.test-helpers.ts';
import { findSlip } from './ticket-store.ts';

const MINUTE = 60_000;
// Each test bets in its own hour of a year no other suite uses, so no two share a draw.
const hour = (n: number) => Date.parse('2033-01-01T00:00:00Z') + n * 3_600_000;
const raceDraw = (n: number) => `race-1m-20330101${String(n).padStart(2, '0')}01`;
/** race-position at LOTT: 1,000 × 98 × 0.97 / 10. */
const WIN = 9_506;
/** LOTT's rebate on each 1,000 slip, paid with its settlement and never touched by a correction (ADR 072). */
const REBATE = 15n;

type Node = Awaited<ReturnType<typeof lotteryNode>>;

/**
 * Ten slips on the race, "runner r comes first" for r = 1 … 10, the odd runners' for PLAYER and
 * the even runners' for OTHER_PLAYER; drawn and settled. Returns the slips by runner and the
 * winning order.
 */
async function settledRace(node: Node, clock: { at: number }, n: number) {
  await node.runner.tick();
  const sessions = { odd: await node.launch('race-1m'), even: await node.launch('race-1m', OTHER_PLAYER) };
  const slips = new Map<number, string>();
  for (let runner = 1; runner <= 10; runner += 1) {
    const placed = await node.place(runner % 2 ? sessions.odd : sessions.even, {
      drawCode: raceDraw(n),
      bets: [{ betType: 'race-position', selection: [runner, 1], stakeMinor: 1_000 }],
    });
    slips.set(runner, placed.body.value.slipId);
  }
  clock.at += MINUTE;
  await node.runner.tick();
  expect(await node.runner.settle()).toBe(10);
  return slips;
}

const orderOf = async (db: Queryable, drawCode: string) => {
  const draw = await publicDraw(db, drawCode);
  if (draw?.numbers?.family !== 'race') throw new Error('the race is not settled');
  return draw.numbers.order;
};

/** The same finishing order with `runner` moved to the front. */
const withWinner = (order: readonly number[], runner: number) => [
  runner,
  ...order.filter((r) => r !== runner),
];

const correctionsSent = (node: Node) =>
  node.platform.applied.filter((call) => call.call === 'correction').map((call) => call.body);

const correctionRows = async (db: Queryable) =>
  (
    await db.query<{ n: string }>(
      'select ((select count(*) from lottery_draw_corrections) + (select count(*) from lottery_slip_corrections))::text as n',
    )
  ).rows[0]?.n;

describeEachLotteryDatabase('correcting a settled draw’s result', (databases) => {
  it('when an operator corrects a settled draw, then the old winner is sent a DEBIT and the new winner a CREDIT of the difference, each once, with the reason; the draw and the settlements are not edited', async () => {
    const { nodeA } = databases();
    const clock = { at: hour(1) + 5_000 };
    const node = await lotteryNode(nodeA, { clock });
    const slips = await settledRace(node, clock, 1);
    const order = await orderOf(nodeA, raceDraw(1));
    const oldWinner = order[0] as number;
    const newWinner = order[1] as number;
    const before = { player: node.platform.balanceOf(PLAYER), other: node.platform.balanceOf(OTHER_PLAYER) };

    const corrected = await node.correct(raceDraw(1), {
      operator: 'ops.anna',
      reason: 'photo finish reviewed',
      numbers: withWinner(order, newWinner),
    });
    expect(corrected).toMatchObject({
      status: 201,
      body: { value: { seq: 1, slips: 2, creditMinor: WIN, debitMinor: WIN } },
    });
    expect(await node.runner.sendCorrections()).toBe(2);
    const sent = correctionsSent(node);
    expect(sent).toHaveLength(2);
    const reason = `Draw ${raceDraw(1)} result corrected: photo finish reviewed`;
    expect(sent).toContainEqual(
      expect.objectContaining({
        roundId: slips.get(oldWinner),
        transactionId: `${slips.get(oldWinner)}:k1`,
        direction: 'DEBIT',
        amountMinor: String(WIN),
        reason,
      }),
    );
    expect(sent).toContainEqual(
      expect.objectContaining({
        roundId: slips.get(newWinner),
        transactionId: `${slips.get(newWinner)}:k1`,
        direction: 'CREDIT',
        amountMinor: String(WIN),
        reason,
      }),
    );
    expect(node.platform.roundPayout(slips.get(oldWinner) as string)).toBe(REBATE);
    expect(node.platform.roundPayout(slips.get(newWinner) as string)).toBe(BigInt(WIN) + REBATE);
    const owner = (runner: number) => (runner % 2 ? PLAYER : OTHER_PLAYER);
    const after = (who: string) => node.platform.balanceOf(who) as bigint;
    const moved = (who: string) =>
      (owner(newWinner) === who ? BigInt(WIN) : 0n) - (owner(oldWinner) === who ? BigInt(WIN) : 0n);
    expect(after(PLAYER)).toBe((before.player as bigint) + moved(PLAYER));
    expect(after(OTHER_PLAYER)).toBe((before.other as bigint) + moved(OTHER_PLAYER));

    // Never an edit: the drawn numbers and each slip's settlement stay as they were.
    expect(await orderOf(nodeA, raceDraw(1))).toEqual(order);
    expect(await findSlip(nodeA, slips.get(oldWinner) as string)).toMatchObject({
      status: 'SETTLED',
      payoutMinor: WIN,
    });
    // The audit: who, why, the result before and after.
    const { rows } = await nodeA.query<{
      operator: string;
      reason: string;
      previous_numbers: unknown;
      numbers: unknown;
    }>(
      'select operator, reason, previous_numbers, numbers from lottery_draw_corrections where draw_code = $1',
      [raceDraw(1)],
    );
    expect(rows).toEqual([
      {
        operator: 'ops.anna',
        reason: 'photo finish reviewed',
        previous_numbers: { family: 'race', order },
        numbers: { family: 'race', order: withWinner(order, newWinner) },
      },
    ]);

    // A replay sends nothing more.
    expect(await node.runner.sendCorrections()).toBe(0);
    expect(correctionsSent(node)).toHaveLength(2);
    await node.close();
  });

  it('when a result is corrected again while the first correction is unanswered, then it is refused (409) and nothing is recorded; once answered, the second counts what was applied: back to the drawn result, each slip ends paid its drawn payout', async () => {
    const { nodeA } = databases();
    const clock = { at: hour(2) + 5_000 };
    const node = await lotteryNode(nodeA, { clock });
    const slips = await settledRace(node, clock, 2);
    const order = await orderOf(nodeA, raceDraw(2));
    const body = { operator: 'ops.anna', reason: 'wrong photo' };
    expect(
      (await node.correct(raceDraw(2), { ...body, numbers: withWinner(order, order[2] as number) })).status,
    ).toBe(201);
    const recorded = await correctionRows(nodeA);
    // Corrected again before the first was sent: were it counted on top of the first and the
    // first then refused, the second would be off by the first's amount.
    const early = await node.correct(raceDraw(2), {
      ...body,
      reason: 'first photo was right',
      numbers: order,
    });
    expect(early).toMatchObject({ status: 409, body: { code: 'CORRECTION_PENDING' } });
    expect(await correctionRows(nodeA)).toBe(recorded);
    await node.runner.sendCorrections();
    const back = await node.correct(raceDraw(2), {
      ...body,
      reason: 'first photo was right',
      numbers: order,
    });
    expect(back).toMatchObject({ status: 201, body: { value: { seq: 2, slips: 2 } } });
    await node.runner.sendCorrections();
    for (const [runner, slipId] of slips)
      expect(node.platform.roundPayout(slipId)).toBe((runner === order[0] ? BigInt(WIN) : 0n) + REBATE);
    expect(correctionsSent(node)).toHaveLength(4);
    await node.close();
  });

  it('when the answer to a correction is lost, then the next pass sends the same transaction again and the member is corrected once', async () => {
    const { nodeA } = databases();
    const clock = { at: hour(3) + 5_000 };
    const node = await lotteryNode(nodeA, { clock });
    const slips = await settledRace(node, clock, 3);
    const order = await orderOf(nodeA, raceDraw(3));
    const newWinner = order[1] as number;
    node.platform.inject('correction', 'lose-answer', 4, slips.get(newWinner));
    await node.correct(raceDraw(3), {
      operator: 'ops.anna',
      reason: 'review',
      numbers: withWinner(order, newWinner),
    });

    expect(await node.runner.sendCorrections()).toBe(1);
    expect(await node.runner.sendCorrections()).toBe(1);
    const credits = correctionsSent(node).filter((call) => call.direction === 'CREDIT');
    expect(credits).toHaveLength(1);
    expect(node.platform.roundPayout(slips.get(newWinner) as string)).toBe(BigInt(WIN) + REBATE);
    await node.close();
  });

  it('when two nodes send the owed corrections at once, then each is applied once', async () => {
    const { nodeA, nodeB } = databases();
    const clock = { at: hour(4) + 5_000 };
    const a = await lotteryNode(nodeA, { clock });
    const b = await lotteryNode(nodeB, { clock, platform: a.platform });
    const slips = await settledRace(a, clock, 4);
    const order = await orderOf(nodeA, raceDraw(4));
    await a.correct(raceDraw(4), {
      operator: 'ops.anna',
      reason: 'review',
      numbers: withWinner(order, order[1] as number),
    });
    await Promise.all([a.runner.sendCorrections(), b.runner.sendCorrections()]);
    const applied = correctionsSent(a).map((call) => call.transactionId);
    expect(applied.sort()).toEqual(
      [`${slips.get(order[0] as number)}:k1`, `${slips.get(order[1] as number)}:k1`].sort(),
    );
    await a.close();
    await b.close();
  });

  it('when the platform refuses a correction (the member spent the winnings), then it is marked refused with its code and a later correction counts without it', async () => {
    const { nodeA } = databases();
    const clock = { at: hour(5) + 5_000 };
    const node = await lotteryNode(nodeA, { clock });
    const slips = await settledRace(node, clock, 5);
    const order = await orderOf(nodeA, raceDraw(5));
    const oldWinner = order[0] as number;
    const owner = oldWinner % 2 ? PLAYER : OTHER_PLAYER;
    // The new winner is the other player's: were it the same player's, its credit (sent first
    // when its slip id sorts first) would fund the debit, and nothing would be refused.
    const newWinner = order.find((runner) => runner % 2 !== oldWinner % 2) as number;
    node.platform.setBalance(owner, 0n);
    await node.correct(raceDraw(5), {
      operator: 'ops.anna',
      reason: 'review',
      numbers: withWinner(order, newWinner),
    });
    await node.runner.sendCorrections();
    const { rows } = await nodeA.query<{ status: string; refusal: string | null }>(
      'select status, refusal from lottery_slip_corrections where slip_id = $1',
      [slips.get(oldWinner)],
    );
    expect(rows).toEqual([{ status: 'REFUSED', refusal: 'INSUFFICIENT_FUNDS' }]);
    // Back to the drawn result: the old winner was never debited, so it is owed nothing now.
    const back = await node.correct(raceDraw(5), { operator: 'ops.anna', reason: 'undo', numbers: order });
    expect(back).toMatchObject({
      status: 201,
      body: { value: { slips: 1, debitMinor: WIN, creditMinor: 0 } },
    });
    await node.close();
  });

  it('when the operator call is not authorised or its input is wrong, then a clear 4xx names the field and nothing is recorded or sent', async () => {
    const { nodeA } = databases();
    const clock = { at: hour(6) + 5_000 };
    const node = await lotteryNode(nodeA, { clock });
    await settledRace(node, clock, 6);
    const order = await orderOf(nodeA, raceDraw(6));
    const good = { operator: 'ops.anna', reason: 'review', numbers: withWinner(order, order[1] as number) };
    const rowsBefore = await correctionRows(nodeA);

    // Authentication comes before the body: a malformed body without the token is still a 401.
    for (const token of ['', 'Bearer wrong', 'lottery-operator-test-secret-0123456789'])
      expect((await node.correct(raceDraw(6), { nonsense: '\u0000' }, token)).body.code).toBe(
        'OPERATOR_UNAUTHORIZED',
      );
    const cases: [string, unknown, number, string][] = [
      [raceDraw(6), { ...good, numbers: [1, 2, 3] }, 400, 'body.numbers'],
      [raceDraw(6), { ...good, numbers: [...order.slice(0, 9), order[0]] }, 400, 'body.numbers'],
      [raceDraw(6), { ...good, numbers: order.map(String) }, 400, 'body.numbers.0'],
      [raceDraw(6), { ...good, numbers: 'first' }, 400, 'body.numbers'],
      [raceDraw(6), { ...good, reason: 'x'.repeat(1_000) }, 400, 'body.reason'],
      [raceDraw(6), { ...good, reason: 'bad\u0000byte' }, 400, 'body.reason'],
      [raceDraw(6), { ...good, operator: 'ops\uD800' }, 400, 'body.operator'],
      [raceDraw(6), { ...good, operator: '' }, 400, 'body.operator'],
      [raceDraw(6), { ...good, extra: 1 }, 400, 'body.extra'],
      [raceDraw(6), { ...good, numbers: order }, 409, 'body.numbers'],
      [`${'x'.repeat(41)}`, good, 400, 'params.drawCode'],
      ['race-1m-209901010001', good, 404, 'params.drawCode'],
    ];
    for (const [drawCode, body, status, field] of cases) {
      const answer = await node.correct(drawCode, body);
      expect([answer.status, answer.body.field], JSON.stringify(body).slice(0, 80)).toEqual([status, field]);
    }
    // A draw still open is not settled: nothing to correct.
    await node.runner.tick();
    const { rows } = await nodeA.query<{ draw_code: string }>(
      "select draw_code from lottery_draws where game_code = 'race-1m' and drawn_at is null limit 1",
    );
    const open = await node.correct(rows[0]?.draw_code as string, good);
    expect([open.status, open.body.code]).toEqual([409, 'DRAW_NOT_SETTLED']);

    // A body beyond the process's limit is refused before it is parsed.
    expect((await node.correct(raceDraw(6), { ...good, reason: 'x'.repeat(10_000) })).status).toBe(413);

    expect(await correctionRows(nodeA)).toBe(rowsBefore);
    await node.runner.sendCorrections();
    expect(correctionsSent(node)).toHaveLength(0);
    await node.close();
  });
});
