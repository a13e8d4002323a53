import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../platform/db/database.ts';
import { seededRandom } from '../../platform/seeded-random.ts';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { move, posting, testLedger } from '../ledger/ledger.test-helpers.ts';
import { moveMember, uplinesOf } from '../line/line.service.ts';
import { newTxnId, playerAt, testVendor, vendorCall } from '../vendors/vendors.test-helpers.ts';
import {
  activeMembersOfDays,
  checkMemberMoneyRollups,
  checkMemberRoundRollups,
  checkTeamRollups,
  foldTeamRollups,
  moveTeamHistory,
  rebuildMemberMoneyRollups,
  rebuildTeamRollups,
  teamTotals,
} from './rollups.service.ts';
import {
  lineFromUplines,
  pendingDeltas,
  recomputedFromRaw,
  teamTotal,
  walletsOf,
} from './team-rollups.test-helpers.ts';

describeEachDatabase('team rollups', (database) => {
  let app: FastifyInstance;
  let db: Database;
  let ledger: LedgerService;
  beforeAll(async () => {
    app = await buildTestApp(database());
    db = database().db;
    ledger = testLedger(db);
  });
  afterAll(async () => {
    await app?.close();
  });

  const mainOf = async (memberId: bigint) => (await ledger.mainAccountOf(memberId)).id;
  const post = async (
    type: 'DEPOSIT' | 'BONUS' | 'WITHDRAWAL_HOLD' | 'WITHDRAWAL_RELEASE' | 'TRANSFER',
    from: bigint,
    to: bigint,
    amount: bigint,
  ) => ledger.post(posting(move(from, to, amount), { type }));

  it('when a random tree plays random rounds, deposits, withdraws, returns, transfers and moves branches, with folds between, then every agent’s team figures equal a recomputation from the raw records, before and after the last fold', async () => {
    const random = seededRandom(35);
    const vendor = await testVendor(db);
    const house = (await ledger.systemAccount('HOUSE')).id;
    const bonus = (await ledger.systemAccount('BONUS')).id;
    const clearing = (await ledger.systemAccount('PAYMENT_CLEARING')).id;
    const tops = [await createMember(db, { type: 1 }), await createMember(db, { type: 1 })];
    const agents = tops.map((top) => top.id);
    const everyone: bigint[] = [];
    for (let n = 0; n < 14; n += 1) {
      const isAgent = random.chance(0.4);
      // Registered on days apart: new members are counted per site hour of registration (ADR 041).
      const createdAt = new Date(Date.now() - random.int(0, 40) * 86_400_000);
      const member = await createMember(db, {
        type: isAgent ? 2 : 0,
        uplineId: random.pick(agents),
        createdAt,
      });
      if (isAgent) agents.push(member.id);
      everyone.push(member.id);
      await post('DEPOSIT', house, await mainOf(member.id), 1_000_000n);
    }
    const players = new Map<bigint, string>();
    const holds: { memberId: bigint; amount: bigint }[] = [];
    for (let step = 0; step < 90; step += 1) {
      const memberId = random.pick(everyone);
      const action = random.int(0, 9);
      if (action < 4) {
        if (!players.has(memberId)) players.set(memberId, await playerAt(db, vendor.code, memberId));
        const base = { playerId: players.get(memberId) as string, roundId: newTxnId('r'), gameCode: 'g' };
        await vendorCall(app, vendor.code, 'debit', {
          ...base,
          transactionId: newTxnId(),
          amountMinor: String(random.int(1, 9_000)),
        });
        if (random.chance(0.8))
          await vendorCall(app, vendor.code, 'credit', {
            ...base,
            transactionId: newTxnId(),
            amountMinor: String(random.int(0, 20_000)),
          });
      } else if (action === 4) {
        await post('DEPOSIT', house, await mainOf(memberId), BigInt(random.int(100, 50_000)));
      } else if (action === 5) {
        await post('BONUS', bonus, await mainOf(memberId), BigInt(random.int(1, 5_000)));
      } else if (action === 6) {
        const amount = BigInt(random.int(1, 20_000));
        await post('WITHDRAWAL_HOLD', await mainOf(memberId), clearing, amount);
        holds.push({ memberId, amount });
      } else if (action === 7 && holds.length > 0) {
        // A rejected withdrawal gives its hold back.
        const hold = holds.splice(random.int(0, holds.length - 1), 1)[0] as {
          memberId: bigint;
          amount: bigint;
        };
        await post('WITHDRAWAL_RELEASE', clearing, await mainOf(hold.memberId), hold.amount);
      } else if (action === 8) {
        const other = random.pick(everyone.filter((id) => id !== memberId));
        await post('TRANSFER', await mainOf(memberId), await mainOf(other), BigInt(random.int(1, 10_000)));
      } else if (random.chance(0.5)) {
        await foldTeamRollups(db, random.int(1, 7));
      } else {
        // A branch moves under another agent outside it, its history following in the same transaction.
        const branch = new Set([memberId, ...(await lineFromUplines(db, memberId))]);
        const to = random.pick(agents.filter((id) => !branch.has(id)));
        await db.transaction(async (tx) => {
          const fromUplines = (await uplinesOf(tx, memberId)).map((upline) => upline.id);
          await moveMember(tx, memberId, to);
          const toUplines = (await uplinesOf(tx, memberId)).map((upline) => upline.id);
          await moveTeamHistory(tx, { rootId: memberId, fromUplines, toUplines });
        });
      }
    }
    expect(await pendingDeltas(db)).toBeGreaterThan(0);
    // Every round settled now: the site days around today hold them all.
    const [days] = (
      (await db.execute(
        sql`select (rollup_site_day(now()) - 1)::text as "fromDay", (rollup_site_day(now()) + 1)::text as "toDay"`,
      )) as unknown as { rows: { fromDay: string; toDay: string }[] }
    ).rows;
    for (const pass of ['with deltas pending', 'all folded']) {
      for (const agentId of agents) {
        const line = await lineFromUplines(db, agentId);
        expect(await teamTotal(db, agentId), `agent ${agentId}, ${pass}`).toEqual(
          await recomputedFromRaw(db, line),
        );
        // The line's size and balance kept per agent (ADR 041) are its members and their main wallets now.
        expect(await teamTotals(db, agentId), `agent ${agentId} size and balance, ${pass}`).toEqual({
          members: line.length,
          balanceMinor: await walletsOf(db, line),
        });
        const players = await db.execute(
          sql`select count(distinct member_id)::int as n from bet_records
               where status = 'SETTLED' and member_id = any(${`{${line.join(',')}}`}::bigint[])`,
        );
        expect(
          await activeMembersOfDays(db, { agentId, ...(days as { fromDay: string; toDay: string }) }),
          `agent ${agentId} active, ${pass}`,
        ).toBe((players as unknown as { rows: { n: number }[] }).rows[0]?.n);
      }
      expect(await checkTeamRollups(db)).toMatchObject({ ok: true, differences: [] });
      expect(await checkMemberMoneyRollups(db)).toMatchObject({ ok: true, differences: [] });
      expect(await checkMemberRoundRollups(db)).toMatchObject({ ok: true, differences: [] });
      await foldTeamRollups(db);
    }
    expect(await pendingDeltas(db)).toBe(0);
    // Hundreds of calls on PGlite: seconds alone, longer beside other suites on a shared machine.
  }, 90_000);

  it('when a money or team rollup is off by a cent, then the check names it, and the rebuild puts it right without queuing a delta per row', async () => {
    const member = await createMember(db, { uplineId: (await createMember(db, { type: 1 })).id });
    await post('DEPOSIT', (await ledger.systemAccount('HOUSE')).id, await mainOf(member.id), 5_000n);
    await foldTeamRollups(db);
    await db.execute(
      sql`update member_money_rollups set amount_minor = amount_minor + 1 where member_id = ${member.id}`,
    );
    const money = await checkMemberMoneyRollups(db);
    expect(money.ok).toBe(false);
    expect(money.differences.join('\n')).toContain(`${member.id}|`);
    await foldTeamRollups(db);
    await rebuildMemberMoneyRollups(db);
    // The rebuild queued no delta: the team rollups still hold the cent the money rollups no longer do.
    expect(await pendingDeltas(db)).toBe(0);
    expect(await checkMemberMoneyRollups(db)).toMatchObject({ ok: true });
    const team = await checkTeamRollups(db);
    expect(team.ok).toBe(false);
    expect(team.differences.join('\n')).toContain(`upline ${member.uplineId} `);
    await rebuildTeamRollups(db);
    expect(await checkTeamRollups(db)).toMatchObject({ ok: true, differences: [] });
    expect(await pendingDeltas(db)).toBe(0);
    // The rebuild turned the delta trigger back on: the next movement is queued for the fold.
    await post('DEPOSIT', (await ledger.systemAccount('HOUSE')).id, await mainOf(member.id), 100n);
    expect(await pendingDeltas(db)).toBeGreaterThan(0);
  });

  it('when a branch moves with deltas still pending, then the old upline loses its whole history and the new one gains it, before and after the fold', async () => {
    const oldTop = await createMember(db, { type: 1 });
    const newTop = await createMember(db, { type: 1 });
    const sub = await createMember(db, { type: 2, uplineId: oldTop.id });
    const player = await createMember(db, { uplineId: sub.id });
    const house = (await ledger.systemAccount('HOUSE')).id;
    await post('DEPOSIT', house, await mainOf(player.id), 7_000n);
    await foldTeamRollups(db);
    await post('DEPOSIT', house, await mainOf(sub.id), 300n);
    await db.transaction(async (tx) => {
      await moveMember(tx, sub.id, newTop.id);
      await moveTeamHistory(tx, { rootId: sub.id, fromUplines: [oldTop.id], toUplines: [newTop.id] });
    });
    for (const pass of ['pending', 'folded']) {
      expect((await teamTotal(db, oldTop.id)).depositMinor, pass).toBe(0n);
      expect((await teamTotal(db, newTop.id)).depositMinor, pass).toBe(7_300n);
      expect((await teamTotal(db, sub.id)).depositMinor, pass).toBe(7_000n);
      await foldTeamRollups(db);
    }
    expect(await checkTeamRollups(db)).toMatchObject({ ok: true });
  });
});
