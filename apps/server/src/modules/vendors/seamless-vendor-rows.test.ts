import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../platform/db/database.ts';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase, describeOnPostgres } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { fund } from '../../test/wallet-fixtures.ts';
import { type LedgerService, vendorShardOf } from '../ledger/ledger.service.ts';
import { testLedger } from '../ledger/ledger.test-helpers.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import { newTxnId, playerAt, testVendor, vendorCall } from './vendors.test-helpers.ts';

const OPENING = 100_000n;
const STAKE = 1_000n;

/** A vendor of its own and `count` funded players, each able to open rounds by `bet`. */
async function vendorWithPlayers(app: FastifyInstance, ledger: LedgerService, db: Database, count: number) {
  const vendor = await testVendor(db);
  const players: { memberId: bigint; playerId: string }[] = [];
  for (let n = 0; n < count; n += 1) {
    const member = await createMember(db);
    await fund(ledger, member.id, OPENING);
    players.push({ memberId: member.id, playerId: await playerAt(db, vendor.code, member.id) });
  }
  const bet = async (n: number, roundId = newTxnId('r')) => {
    const player = players[n] as (typeof players)[number];
    const debit = await vendorCall(app, vendor.code, 'debit', {
      playerId: player.playerId,
      roundId,
      gameCode: 'keno-5m',
      transactionId: `${roundId}:d`,
      amountMinor: String(STAKE),
    });
    return { ...debit, roundId };
  };
  /** Which row of the vendor's account each posting of a type moved, with its member, in order. */
  const rowsMoved = async (type: string) => {
    const rowIds = await ledger.vendorOwnAccountIds(vendor.code);
    const result = (await db.execute(sql`
      select wallet.member_id::text as member_id, v.account_id::text as account_id
        from ledger_transactions t
        join ledger_entries v on v.transaction_id = t.id
        join ledger_entries m on m.transaction_id = t.id
        join ledger_accounts wallet on wallet.id = m.account_id and wallet.kind = 'MEMBER_MAIN'
       where t.type = ${type} and t.actor = ${`vendor:${vendor.code}`}
         and v.account_id = any(${`{${rowIds.join(',')}}`}::bigint[])
       order by t.id`)) as unknown as { rows: { member_id: string; account_id: string }[] };
    return result.rows.map((row) => ({
      memberId: BigInt(row.member_id),
      shard: rowIds.indexOf(BigInt(row.account_id)),
    }));
  };
  return { vendor, players, bet, rowsMoved };
}

describeEachDatabase("vendor protocol: the vendor's account kept as several rows (ADR 080)", (database) => {
  let app: FastifyInstance;
  let ledger: LedgerService;
  beforeAll(async () => {
    app = await buildTestApp(database());
    ledger = testLedger(database().db);
  });
  afterAll(async () => {
    expect(await reconcile(database().db)).toEqual({ ok: true, problems: [] });
    await app.close();
  });

  it("when members bet and a batch settles them, then each member's bets post to that member's row, the batch's credits to row 0, and the vendor's balance is the sum", async () => {
    const db = database().db;
    const game = await vendorWithPlayers(app, ledger, db, 4);
    const rounds: string[] = [];
    for (let n = 0; n < 4; n += 1) {
      const debit = await game.bet(n);
      expect(debit.status).toBe(200);
      rounds.push(debit.roundId);
    }
    const debits = await game.rowsMoved('VENDOR_DEBIT');
    expect(debits).toEqual(
      game.players.map((player) => ({ memberId: player.memberId, shard: vendorShardOf(player.memberId) })),
    );
    expect(debits.every((debit) => debit.shard > 0)).toBe(true);

    const batch = await vendorCall(app, game.vendor.code, 'credits', {
      credits: game.players.map((player, n) => ({
        playerId: player.playerId,
        roundId: rounds[n],
        gameCode: 'keno-5m',
        transactionId: `${rounds[n]}:c`,
        amountMinor: '2500',
      })),
    });
    expect(batch.status).toBe(200);
    expect((await game.rowsMoved('VENDOR_CREDIT')).map((credit) => credit.shard)).toEqual([0, 0, 0, 0]);
    expect(await ledger.vendorOwnBalanceOf(game.vendor.code)).toBe(4n * (STAKE - 2_500n));
  });

  it("when a bet posted before the vendor's account had rows is rolled back, then the stake comes back from that row and nothing is taken for a bonus stake", async () => {
    const db = database().db;
    const game = await vendorWithPlayers(app, ledger, db, 1);
    const player = game.players[0] as (typeof game.players)[number];
    const debit = await game.bet(0);
    // As if posted to the single row an account had before ADR 080 (now its row 0): the bet's row
    // and row 0 swap shards, and a node started afterwards (its own caches) takes the rollback.
    const shard = vendorShardOf(player.memberId);
    const moveShard = (from: number, to: number) =>
      db.execute(sql`update ledger_accounts set shard = ${to}::smallint
                      where kind = 'VENDOR' and vendor = ${game.vendor.code} and shard = ${from}::smallint`);
    await moveShard(shard, 63);
    await moveShard(0, shard);
    await moveShard(63, 0);
    const restarted = await buildTestApp(database());
    try {
      const rollback = await vendorCall(restarted, game.vendor.code, 'rollback', {
        playerId: player.playerId,
        roundId: debit.roundId,
        gameCode: 'keno-5m',
        transactionId: `${debit.roundId}:r`,
        refTransactionId: `${debit.roundId}:d`,
      });
      expect(rollback.status).toBe(200);
    } finally {
      await restarted.close();
    }
    expect(await ledger.playableBalanceOf(player.memberId)).toBe(OPENING);
    expect(await ledger.vendorOwnBalanceOf(game.vendor.code)).toBe(0n);
    const round = (await db.execute(sql`
      select stake_minor::text as stake, bonus_stake_minor::text as bonus_stake
        from bet_records where vendor_code = ${game.vendor.code} and round_id = ${debit.roundId}`)) as unknown as {
      rows: { stake: string; bonus_stake: string }[];
    };
    expect(round.rows[0]).toEqual({ stake: '0', bonus_stake: '0' });
  });
});

describeOnPostgres("vendor protocol: bets while the vendor's account is busy (ADR 080)", (database) => {
  let app: FastifyInstance;
  let ledger: LedgerService;
  beforeAll(async () => {
    app = await buildTestApp(database());
    ledger = testLedger(database().db);
  });
  afterAll(async () => {
    await app.close();
  });

  it("when a credit batch holds the vendor's batch row, then a member's bet at that vendor is taken meanwhile, not queued behind the batch", async () => {
    const db = database().db;
    const game = await vendorWithPlayers(app, ledger, db, 1);
    const [batchRow] = await ledger.vendorOwnAccountIds(game.vendor.code);
    let bet: Awaited<ReturnType<typeof game.bet>> | undefined;
    await db.transaction(async (tx) => {
      // What a batch in progress holds (seamless-wallet.service.ts `credits`) until it commits.
      await ledger.lockedBalancesOf([batchRow as bigint], tx);
      bet = await game.bet(0);
    });
    expect(bet?.status).toBe(200);
  });
});
