import { VENDOR_CREDIT_BATCH_MAX } from '@fortuna/contracts/vendor-protocol';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { fund } from '../../test/wallet-fixtures.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { testLedger } from '../ledger/ledger.test-helpers.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import {
  newTxnId,
  playerAt,
  protocolRowCounts,
  roundOf,
  testVendor,
  vendorCall,
} from './vendors.test-helpers.ts';

const OPENING = 100_000n;
const STAKE = 1_000n;

describeEachDatabase('vendor protocol: credits in one batch call', (database) => {
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

  /** A vendor of its own with `count` members, each with one open round (stake 1,000). */
  async function openRounds(count: number) {
    const db = database().db;
    const vendor = await testVendor(db);
    const players: { memberId: bigint; playerId: string; roundId: string }[] = [];
    for (let n = 0; n < count; n += 1) {
      const member = await createMember(db);
      await fund(ledger, member.id, OPENING);
      const playerId = await playerAt(db, vendor.code, member.id);
      const roundId = newTxnId('r');
      const debit = await vendorCall(app, vendor.code, 'debit', {
        playerId,
        roundId,
        gameCode: 'keno-5m',
        transactionId: newTxnId(),
        amountMinor: String(STAKE),
      });
      expect(debit.status).toBe(200);
      players.push({ memberId: member.id, playerId, roundId });
    }
    const creditOf = (n: number, amountMinor: string) => {
      const player = players[n] as (typeof players)[number];
      return {
        playerId: player.playerId,
        roundId: player.roundId,
        gameCode: 'keno-5m',
        transactionId: `${player.roundId}:c`,
        amountMinor,
      };
    };
    return {
      vendor,
      players,
      creditOf,
      send: (credits: unknown[]) => vendorCall(app, vendor.code, 'credits', { credits }),
      balanceOf: (n: number) => ledger.mainBalanceOf((players[n] as (typeof players)[number]).memberId),
      written: () => protocolRowCounts(db, vendor.code),
    };
  }

  it('when a vendor sends many credits in one call, then each is applied as its own credit: one posting and one settled round each, each answered in order with the balance after it', async () => {
    const batch = await openRounds(3);
    const answer = await batch.send([
      batch.creditOf(0, '2500'),
      batch.creditOf(1, '0'),
      batch.creditOf(2, '700'),
    ]);
    expect(answer.status).toBe(200);
    const results = answer.body.value.results;
    expect(results.map((result: { ok: boolean; replayed: boolean }) => [result.ok, result.replayed])).toEqual(
      [
        [true, false],
        [true, false],
        [true, false],
      ],
    );
    expect(results[0].transaction).toMatchObject({
      amountMinor: '2500',
      balanceMinor: String(OPENING - STAKE + 2500n),
    });
    expect(await batch.balanceOf(0)).toBe(OPENING - STAKE + 2_500n);
    expect(await batch.balanceOf(1)).toBe(OPENING - STAKE);
    expect(await batch.balanceOf(2)).toBe(OPENING - STAKE + 700n);
    // 3 debits and 3 credits; postings: 3 debits and the 2 credits that moved money.
    expect(await batch.written()).toEqual({ transactions: 6, rounds: 3, postings: 5 });
    for (const player of batch.players)
      expect(await roundOf(database().db, batch.vendor.code, player.roundId)).toMatchObject({
        status: 'SETTLED',
      });
  });

  it('when a batch is replayed, or overlaps one applied before, then nothing is credited twice: the earlier credits answer their first answers (replayed), the new ones are applied', async () => {
    const batch = await openRounds(3);
    const first = await batch.send([batch.creditOf(0, '2500'), batch.creditOf(1, '300')]);
    expect(first.status).toBe(200);
    const before = await batch.written();
    const again = await batch.send([batch.creditOf(0, '2500'), batch.creditOf(1, '300')]);
    expect(again.body.value.results).toEqual(
      first.body.value.results.map((result: object) => ({ ...result, replayed: true })),
    );
    expect(await batch.written()).toEqual(before);
    const overlapping = await batch.send([batch.creditOf(1, '300'), batch.creditOf(2, '900')]);
    expect(
      overlapping.body.value.results.map((result: { ok: boolean; replayed: boolean }) => [
        result.ok,
        result.replayed,
      ]),
    ).toEqual([
      [true, true],
      [true, false],
    ]);
    expect(await batch.balanceOf(0)).toBe(OPENING - STAKE + 2_500n);
    expect(await batch.balanceOf(1)).toBe(OPENING - STAKE + 300n);
    expect(await batch.balanceOf(2)).toBe(OPENING - STAKE + 900n);
  });

  it('when one credit of a batch is refused (unknown player, no such round, an id used for another amount), then it alone is answered with its code and writes nothing; the others are applied', async () => {
    const batch = await openRounds(3);
    await batch.send([batch.creditOf(2, '100')]);
    const before = await batch.written();
    const answer = await batch.send([
      batch.creditOf(0, '400'),
      { ...batch.creditOf(1, '50'), playerId: 'nobody-here-0001', transactionId: newTxnId() },
      { ...batch.creditOf(1, '50'), roundId: 'r-never-opened', transactionId: newTxnId() },
      batch.creditOf(2, '999'),
      batch.creditOf(1, '50'),
    ]);
    expect(answer.status).toBe(200);
    expect(
      answer.body.value.results.map((result: { ok: boolean; code?: string }) =>
        result.ok ? 'OK' : result.code,
      ),
    ).toEqual(['OK', 'PLAYER_NOT_FOUND', 'ROUND_NOT_FOUND', 'TRANSACTION_CONFLICT', 'OK']);
    // Two credits written (0 and 1), with their postings; the refused ones wrote nothing.
    expect(await batch.written()).toEqual({
      transactions: before.transactions + 2,
      rounds: before.rounds,
      postings: before.postings + 2,
    });
    expect(await batch.balanceOf(0)).toBe(OPENING - STAKE + 400n);
    expect(await batch.balanceOf(1)).toBe(OPENING - STAKE + 50n);
    expect(await batch.balanceOf(2)).toBe(OPENING - STAKE + 100n);
  });

  it('when two batches holding the same credits arrive at once, then each credit is applied once and both calls answer it', async () => {
    const batch = await openRounds(4);
    const credits = [0, 1, 2, 3].map((n) => batch.creditOf(n, String(100 * (n + 1))));
    const [a, b] = await Promise.all([batch.send(credits), batch.send([...credits].reverse())]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const replays = [...a.body.value.results, ...b.body.value.results].filter(
      (result: { ok: boolean; replayed: boolean }) => result.ok && result.replayed,
    );
    expect(replays).toHaveLength(4);
    for (const n of [0, 1, 2, 3])
      expect(await batch.balanceOf(n)).toBe(OPENING - STAKE + BigInt(100 * (n + 1)));
  });

  it('when a batch is malformed, unsigned, empty, too long or repeats an id, then a clear 4xx names the field and nothing is written', async () => {
    const batch = await openRounds(1);
    const before = await batch.written();
    const credit = batch.creditOf(0, '100');
    const cases: [unknown, number, string][] = [
      [{ credits: [] }, 400, 'body.credits'],
      [{ credits: 'all' }, 400, 'body.credits'],
      [{}, 400, 'body.credits'],
      [{ credits: [credit], extra: 1 }, 400, 'body'],
      [{ credits: [credit, credit] }, 400, 'body.credits.1.transactionId'],
      [{ credits: [{ ...credit, amountMinor: 100 }] }, 400, 'body.credits.0.amountMinor'],
      [{ credits: [{ ...credit, amountMinor: '-1' }] }, 400, 'body.credits.0.amountMinor'],
      [{ credits: [{ ...credit, roundId: 'a\u0000b' }] }, 400, 'body.credits.0.roundId'],
      [{ credits: [{ ...credit, transactionId: '\ud800' }] }, 400, 'body.credits.0.transactionId'],
      [
        {
          credits: Array.from({ length: VENDOR_CREDIT_BATCH_MAX + 1 }, (_, n) => ({
            ...credit,
            transactionId: `t${n}`,
          })),
        },
        400,
        'body.credits',
      ],
    ];
    for (const [body, status, field] of cases) {
      const answer = await vendorCall(app, batch.vendor.code, 'credits', body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(answer.body.message, JSON.stringify(body).slice(0, 80)).toContain(field);
    }
    const unsigned = await vendorCall(
      app,
      batch.vendor.code,
      'credits',
      { credits: [credit] },
      { secret: 'wrong-secret-0123456789' },
    );
    expect(unsigned).toMatchObject({ status: 401, body: { code: 'SIGNATURE_INVALID' } });
    const huge = await vendorCall(app, batch.vendor.code, 'credits', null, {
      raw: `{"credits":["${'x'.repeat(200_000)}"]}`,
    });
    expect(huge.status).toBe(413);
    expect(await batch.written()).toEqual(before);
  });
});
