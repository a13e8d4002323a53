import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seededRandom } from '../../platform/seeded-random.ts';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { fund } from '../../test/wallet-fixtures.ts';
import { testLedger } from '../ledger/ledger.test-helpers.ts';
import { newTxnId, playerAt, testVendor, vendorCall } from '../vendors/vendors.test-helpers.ts';
import { checkMemberRoundRollups, rebuildMemberRoundRollups } from './rollups.service.ts';

const rowsOf = async <T>(
  db: { execute: (q: ReturnType<typeof sql>) => Promise<unknown> },
  q: ReturnType<typeof sql>,
) => ((await db.execute(q)) as { rows: T[] }).rows;

describeEachDatabase('member rollups of settled rounds', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database());
  });
  afterAll(async () => {
    await app?.close();
  });

  it('when random rounds are bet, settled, paid more and rolled back, then the rollups equal a recomputation from the bet records, and the rebuild writes the same', async () => {
    const db = database().db;
    const ledger = testLedger(db);
    const random = seededRandom(30);
    const vendors = [await testVendor(db), await testVendor(db, { categories: ['FISH'] })];
    const players: { memberId: bigint; ids: Map<string, string> }[] = [];
    for (let n = 0; n < 3; n += 1) {
      const member = await createMember(db);
      await fund(ledger, member.id, 10_000_000n);
      const ids = new Map<string, string>();
      for (const vendor of vendors) ids.set(vendor.code, await playerAt(db, vendor.code, member.id));
      players.push({ memberId: member.id, ids });
    }
    const debits: { vendor: string; body: Record<string, string> }[] = [];
    for (let step = 0; step < 60; step += 1) {
      const vendor = random.pick(vendors).code;
      const player = random.pick(players);
      const base = {
        playerId: player.ids.get(vendor) as string,
        transactionId: newTxnId(),
        roundId: `r${random.int(0, 7)}`,
        gameCode: 'g',
      };
      const action = random.int(0, 9);
      if (action < 5) {
        const body = { ...base, amountMinor: String(random.int(1, 5_000)) };
        const answer = await vendorCall(app, vendor, 'debit', body);
        if (answer.body.code === 'OK') debits.push({ vendor, body });
      } else if (action < 9) {
        await vendorCall(app, vendor, 'credit', { ...base, amountMinor: String(random.int(0, 9_000)) });
      } else {
        const debit = random.pick(debits.length > 0 ? debits : [undefined]);
        if (debit)
          await vendorCall(app, debit.vendor, 'rollback', {
            ...base,
            playerId: debit.body.playerId as string,
            roundId: debit.body.roundId as string,
            refTransactionId: debit.body.transactionId as string,
          });
      }
    }
    const memberIds = players.map((player) => player.memberId);
    const kept = await rowsOf<{ member_id: string; n: number; stake: string; valid: string; payout: string }>(
      db,
      sql`select member_id::text, sum(bet_count)::int as n, sum(stake_minor)::text as stake,
                 sum(valid_bet_minor)::text as valid, sum(payout_minor)::text as payout
            from member_round_rollups where member_id = any(${`{${memberIds.join(',')}}`}::bigint[])
           group by 1 order by 1`,
    );
    const raw = await rowsOf<{ member_id: string; n: number; stake: string; valid: string; payout: string }>(
      db,
      sql`select member_id::text, count(*)::int as n, sum(stake_minor)::text as stake,
                 sum(valid_bet_minor)::text as valid, sum(payout_minor)::text as payout
            from bet_records where status = 'SETTLED' and member_id = any(${`{${memberIds.join(',')}}`}::bigint[])
           group by 1 order by 1`,
    );
    expect(raw.length).toBeGreaterThan(0);
    expect(kept).toEqual(raw);
    expect(await checkMemberRoundRollups(db)).toMatchObject({ ok: true, differences: [] });
    // A cent off in one row: the check names that row and both figures; the rebuild puts it right.
    const [off] = await rowsOf<{ member_id: string }>(
      db,
      sql`update member_round_rollups set payout_minor = payout_minor + 1
           where ctid = (select ctid from member_round_rollups where bet_count > 0 limit 1)
          returning member_id::text`,
    );
    const check = await checkMemberRoundRollups(db);
    expect(check.ok).toBe(false);
    expect(check.differences).toHaveLength(1);
    expect(check.differences[0]).toMatch(
      new RegExp(`^${off?.member_id}\\|.*: kept \\d+/\\d+/\\d+/\\d+, recomputed `),
    );
    await rebuildMemberRoundRollups(db);
    expect(await checkMemberRoundRollups(db)).toMatchObject({ ok: true, differences: [] });
    expect(
      await rowsOf(
        db,
        sql`select member_id::text, sum(bet_count)::int as n, sum(stake_minor)::text as stake,
                 sum(valid_bet_minor)::text as valid, sum(payout_minor)::text as payout
            from member_round_rollups where member_id = any(${`{${memberIds.join(',')}}`}::bigint[])
           group by 1 order by 1`,
      ),
    ).toEqual(raw);
  });

  it('when a settled round is paid more after its hour closed, then the payout counts in the open hour and the closed hour is unchanged', async () => {
    const db = database().db;
    const ledger = testLedger(db);
    const vendor = await testVendor(db);
    const member = await createMember(db);
    await fund(ledger, member.id, 100_000n);
    const playerId = await playerAt(db, vendor.code, member.id);
    const base = { playerId, roundId: 'late', gameCode: 'g' };
    await vendorCall(app, vendor.code, 'debit', { ...base, transactionId: newTxnId(), amountMinor: '1000' });
    await vendorCall(app, vendor.code, 'credit', { ...base, transactionId: newTxnId(), amountMinor: '300' });
    // As if it had settled three hours ago: its hour (and the grace after it) are over.
    await db.execute(sql`update member_round_rollups set hour_start = hour_start - interval '3 hours'
                          where member_id = ${member.id}`);
    await db.execute(sql`update vendor_transactions set created_at = created_at - interval '3 hours'
                          where member_id = ${member.id}`);
    await db.execute(sql`alter table bet_records disable trigger member_round_rollups_on_update`);
    await db.execute(
      sql`update bet_records set settled_at = settled_at - interval '3 hours' where member_id = ${member.id}`,
    );
    await db.execute(sql`alter table bet_records enable trigger member_round_rollups_on_update`);
    const closedBefore = await rowsOf(
      db,
      sql`select hour_start, bet_count, stake_minor::text, payout_minor::text from member_round_rollups where member_id = ${member.id}`,
    );
    await vendorCall(app, vendor.code, 'credit', { ...base, transactionId: newTxnId(), amountMinor: '200' });
    const hours = await rowsOf<{ closed: boolean; bet_count: number; stake: string; payout: string }>(
      db,
      sql`select hour_start < now() - interval '2 hours' as closed, bet_count, stake_minor::text as stake,
                 payout_minor::text as payout
            from member_round_rollups where member_id = ${member.id} order by hour_start`,
    );
    expect(hours).toEqual([
      { closed: true, bet_count: 1, stake: '1000', payout: '300' },
      { closed: false, bet_count: 0, stake: '0', payout: '200' },
    ]);
    expect(
      await rowsOf(
        db,
        sql`select hour_start, bet_count, stake_minor::text, payout_minor::text from member_round_rollups
             where member_id = ${member.id} and hour_start < now() - interval '2 hours'`,
      ),
    ).toEqual(closedBefore);
    expect(await checkMemberRoundRollups(db)).toMatchObject({ ok: true });
  });
});
