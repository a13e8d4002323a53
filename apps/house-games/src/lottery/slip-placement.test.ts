import type pg from 'pg';
import { expect, it } from 'vitest';
import type { Queryable } from './draw-store.ts';
import { describeEachLotteryDatabase, describeOnLotteryPostgres } from './lottery-databases.test-helpers.ts';
import { lotteryNode, slipCounts } from './slips.test-helpers.ts';

// Each test bets in its own hour, so the draws of one never meet another's.
const hour = (n: number) => Date.parse('2030-01-01T00:00:00Z') + n * 3_600_000;
const drawAt = (n: number, minute: number) =>
  `keno-1m-20300101${String(n).padStart(2, '0')}${String(minute).padStart(2, '0')}`;
const kenoBet = (selection: number[], stakeMinor = 1_000) => ({
  betType: `keno-pick-${selection.length}`,
  selection,
  stakeMinor,
});
/** keno pick 1 of 1,000 returns at most 1,000 × 39 × 0.97 / 10 = 3,783. */
const PICK_1_OF_1000 = 3_783;

async function exposureOf(db: Queryable, drawCode: string): Promise<Record<string, number>> {
  const { rows } = await db.query<{ exposure_key: string; exposure_minor: string }>(
    'select exposure_key, exposure_minor from lottery_exposure where draw_code = $1',
    [drawCode],
  );
  return Object.fromEntries(rows.map((row) => [row.exposure_key, Number(row.exposure_minor)]));
}

describeEachLotteryDatabase('placing a slip in one statement', (databases) => {
  it('when one bet of a slip has no room under the cap, then the slip is refused naming that bet and no bet of it keeps any exposure', async () => {
    const { nodeA } = databases();
    const clock = { at: hour(11) + 10_000 };
    const node = await lotteryNode(nodeA, { clock, exposureCapMinor: PICK_1_OF_1000 + 100 });
    await node.runner.tick();
    const session = await node.launch();
    const draw = drawAt(11, 1);
    expect((await node.place(session, { drawCode: draw, bets: [kenoBet([9])] })).status).toBe(201);
    const before = await slipCounts(nodeA);

    const full = (field: string) => [409, 'LIABILITY_LIMIT', field];
    const refusals = [
      // The first bet fits; the second, on the full number, does not: the first gives its room back.
      { bets: [kenoBet([10]), kenoBet([9])], answer: full('body.bets.1') },
      // Each bet fits alone, not both together.
      { bets: [kenoBet([11]), kenoBet([11])], answer: full('body.bets.1') },
      // One ticket whose own return passes the cap, on a number nobody has bet on yet: its stake is
      // above the top the cap sets for the bet type (the board's), refused before any exposure.
      { bets: [kenoBet([12], 2_000)], answer: [400, 'STAKE_OUT_OF_LIMITS', 'body.bets.0.stakeMinor'] },
    ];
    for (const { bets, answer } of refusals) {
      const refused = await node.place(session, { drawCode: draw, bets });
      expect([refused.status, refused.body.code, refused.body.field]).toEqual(answer);
    }
    expect(await exposureOf(nodeA, draw)).toEqual({ 'keno-pick-1:9': PICK_1_OF_1000 });
    expect(await slipCounts(nodeA)).toEqual(before);
    expect(node.platform.applied.filter((call) => call.call === 'debit')).toHaveLength(1);
    await node.close();
  });
});

describeOnLotteryPostgres('placing a slip while another transaction holds an outcome', (databases) => {
  it('when a slip names its outcomes out of order, then it waits for them in outcome order, holding none of the later ones: two slips cannot deadlock', async () => {
    const { nodeA, nodeB } = databases();
    const clock = { at: hour(12) + 10_000 };
    const node = await lotteryNode(nodeA, { clock });
    await node.runner.tick();
    const session = await node.launch();
    const draw = drawAt(12, 1);
    // 'keno-pick-1:5' sorts before 'keno-pick-1:70'; both rows exist once bet on.
    for (const number of [5, 70])
      expect((await node.place(session, { drawCode: draw, bets: [kenoBet([number])] })).status).toBe(201);

    const other = await (nodeB as unknown as pg.Pool).connect();
    try {
      await other.query('begin');
      await other.query(
        "select 1 from lottery_exposure where draw_code = $1 and exposure_key = 'keno-pick-1:5' for update",
        [draw],
      );
      const placing = node.place(session, { drawCode: draw, bets: [kenoBet([70]), kenoBet([5])] });
      // Wait for the placement to be queued behind the row held here.
      for (;;) {
        const { rows } = await other.query<{ waiting: number }>(
          `select count(*)::int as waiting from pg_locks l join pg_stat_activity a on a.pid = l.pid
            where not l.granted and a.datname = current_database()`,
        );
        if ((rows[0]?.waiting ?? 0) > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // Taken in the slip's order, 70 would be held by the waiting placement now.
      await other.query(
        "select 1 from lottery_exposure where draw_code = $1 and exposure_key = 'keno-pick-1:70' for update nowait",
        [draw],
      );
      await other.query('commit');
      expect((await placing).status).toBe(201);
    } catch (error) {
      await other.query('rollback');
      throw error;
    } finally {
      other.release();
    }
    expect(await exposureOf(nodeA, draw)).toEqual({
      'keno-pick-1:5': 2 * PICK_1_OF_1000,
      'keno-pick-1:70': 2 * PICK_1_OF_1000,
    });
    await node.close();
  });
});
