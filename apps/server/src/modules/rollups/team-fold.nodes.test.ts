import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { describeOnSeveralNodes } from '../../test/several-nodes.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { move, posting, testLedger } from '../ledger/ledger.test-helpers.ts';
import { checkTeamRollups, foldTeamRollups } from './rollups.service.ts';
import { teamFoldJob } from './team-fold.ts';
import { lineFromUplines, pendingDeltas, recomputedFromRaw } from './team-rollups.test-helpers.ts';

const childScript = new URL('./fold-crash-node.test-helpers.ts', import.meta.url);

/** The team rollups alone (nothing pending counted), summed over all hours, for one upline. */
async function foldedOf(db: DatabaseHandle['db'], agentId: bigint) {
  const rows = (await db.execute(
    sql`select coalesce(sum(deposit_minor), 0)::text as deposit from team_rollups where ancestor_id = ${agentId}`,
  )) as unknown as { rows: { deposit: string }[] };
  return BigInt(rows.rows[0]?.deposit ?? 0);
}

describeOnSeveralNodes('the team fold on two nodes, and a node killed inside it', (nodes) => {
  const { database } = nodes;
  let ledger: LedgerService;
  const stopping = new AbortController();

  beforeAll(() => {
    ledger = testLedger(database().db);
  });
  afterAll(() => stopping.abort());

  /** A top agent, a sub-agent and three players under it, each deposited into `times` times. */
  async function lineWithDeposits(times: number) {
    const db = database().db;
    const top = await createMember(db, { type: 1 });
    const sub = await createMember(db, { type: 2, uplineId: top.id });
    const house = (await ledger.systemAccount('HOUSE')).id;
    const players = [sub];
    for (let n = 0; n < 3; n += 1) players.push(await createMember(db, { uplineId: sub.id }));
    const deposits: Promise<unknown>[] = [];
    for (let n = 0; n < times; n += 1)
      for (const player of players)
        deposits.push(
          ledger
            .mainAccountOf(player.id)
            .then((account) => ledger.post(posting(move(house, account.id, 100n), { type: 'DEPOSIT' }))),
        );
    return { top, sub, deposits };
  }

  it('when two nodes fold the same queue at once while movements keep coming, then every delta is folded once', async () => {
    const { top, sub, deposits } = await lineWithDeposits(15);
    // Small batches on both nodes, racing each other and the deposits still being written.
    const folds = [database().db, nodes.second().db].map(async (db) => {
      for (let pass = 0; pass < 20; pass += 1) await foldTeamRollups(db, 2);
    });
    await Promise.all([...deposits, ...folds]);
    await Promise.all([foldTeamRollups(database().db, 3), foldTeamRollups(nodes.second().db, 3)]);
    expect(await pendingDeltas(database().db)).toBe(0);
    for (const agent of [top, sub]) {
      const raw = await recomputedFromRaw(database().db, await lineFromUplines(database().db, agent.id));
      expect(await foldedOf(database().db, agent.id)).toBe(raw.depositMinor);
    }
    expect(await foldedOf(database().db, top.id)).toBe(15n * 4n * 100n);
    expect(await checkTeamRollups(database().db)).toMatchObject({ ok: true, differences: [] });
  });

  it('when the fold job is asked on two nodes, then both runs end and the queue is folded once', async () => {
    const { top, deposits } = await lineWithDeposits(5);
    await Promise.all(deposits);
    const before = await foldedOf(database().db, top.id);
    await nodes.runOnTwoQueues((handle) =>
      teamFoldJob({ db: handle.db, stopping: stopping.signal, everyMs: 100, runForMs: 1_000 }),
    );
    expect(await pendingDeltas(database().db)).toBe(0);
    expect((await foldedOf(database().db, top.id)) - before).toBe(5n * 4n * 100n);
    expect(await checkTeamRollups(database().db)).toMatchObject({ ok: true, differences: [] });
  });

  it('when a node is SIGKILLed inside a fold, then nothing of it is kept, and the fold after the restart adds every delta once', async () => {
    const { top, deposits } = await lineWithDeposits(3);
    await Promise.all(deposits);
    const pending = await pendingDeltas(database().db);
    const before = await foldedOf(database().db, top.id);
    expect(pending).toBeGreaterThan(0);
    const crashing = nodes.startCrashingNode(childScript);
    // Folded inside its open transaction: nobody else sees it yet.
    expect(await crashing.line('INSIDE')).toBe(`INSIDE ${pending}`);
    expect(await pendingDeltas(database().db)).toBe(pending);
    await crashing.kill();

    expect(await foldedOf(database().db, top.id)).toBe(before);
    expect(await pendingDeltas(database().db)).toBe(pending);
    // The restart: the next fold takes the killed one's lock once its session is gone, and folds it all.
    expect(await foldTeamRollups(nodes.second().db)).toBe(pending);
    expect(await foldTeamRollups(nodes.second().db)).toBe(0);
    expect((await foldedOf(database().db, top.id)) - before).toBe(3n * 4n * 100n);
    expect(await checkTeamRollups(database().db)).toMatchObject({ ok: true, differences: [] });
  }, 60_000);
});
