import {
  BetRecordPaths,
  BetRecordsResponseSchema,
  ProfitResponseSchema,
} from '@fortuna/contracts/bet-records';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { fund, loggedInMember } from '../../test/wallet-fixtures.ts';
import { insertGamesIfMissing } from '../games/games.store.ts';
import { testGame } from '../games/games.test-helpers.ts';
import { testLedger } from '../ledger/ledger.test-helpers.ts';
import { betRecords } from './vendors.schema.ts';
import { newTxnId, playerAt, testVendor, vendorCall } from './vendors.test-helpers.ts';

describeEachDatabase('betting record and profit and loss', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database());
  });
  afterAll(() => app.close());

  const get = async (url: string, headers: Record<string, string>) => {
    const response = await app.inject({ method: 'GET', url, headers });
    return { status: response.statusCode, body: response.json() };
  };

  /** A logged-in member who played at two vendors (RNG and FISH). */
  async function player() {
    const db = database().db;
    const caller = await loggedInMember(db);
    await fund(testLedger(db), caller.member.id, 1_000_000n);
    const slots = await testVendor(db, { categories: ['RNG'] });
    const fishing = await testVendor(db, { categories: ['FISH'] });
    const players = new Map([
      [slots.code, await playerAt(db, slots.code, caller.member.id)],
      [fishing.code, await playerAt(db, fishing.code, caller.member.id)],
    ]);
    /** One round: a bet, then a credit (or none: left open; or a rollback: cancelled). */
    async function play(
      vendorCode: string,
      stake: number,
      payout: number | 'open' | 'cancel',
      gameCode = 'g1',
    ) {
      const base = { playerId: players.get(vendorCode), roundId: newTxnId('r'), gameCode };
      const bet = { ...base, transactionId: newTxnId(), amountMinor: String(stake) };
      await vendorCall(app, vendorCode, 'debit', bet);
      if (payout === 'cancel') {
        await vendorCall(app, vendorCode, 'rollback', {
          ...base,
          transactionId: newTxnId(),
          refTransactionId: bet.transactionId,
        });
      } else if (payout !== 'open') {
        await vendorCall(app, vendorCode, 'credit', {
          ...base,
          transactionId: newTxnId(),
          amountMinor: String(payout),
        });
      }
      return base.roundId;
    }
    return { ...caller, slots, fishing, play };
  }

  it('when nobody is logged in, then both calls are 401', async () => {
    expect((await get(BetRecordPaths.records, {})).status).toBe(401);
    expect((await get(BetRecordPaths.profit, {})).status).toBe(401);
  });

  it('when a member reads their betting record, then they see their own rounds only, newest first, 20 a page, with totals over all of them', async () => {
    const me = await player();
    const someoneElse = await player();
    await someoneElse.play(someoneElse.slots.code, 100, 0);
    for (let n = 0; n < 21; n += 1) await me.play(me.slots.code, 1000, n % 2 === 0 ? 2500 : 0);
    const last = await me.play(me.fishing.code, 500, 'open');
    const first = BetRecordsResponseSchema.parse((await get(BetRecordPaths.records, me.headers)).body).value;
    expect(first?.items).toHaveLength(20);
    expect(first?.items[0]).toMatchObject({
      roundId: last,
      status: 'OPEN',
      category: 'FISH',
      profitMinor: null,
    });
    expect(first?.total).toBe(22);
    expect(first?.totals).toEqual({
      rounds: 22,
      stakeMinor: '21500',
      validBetMinor: '21000',
      payoutMinor: '27500',
      profitMinor: '6500',
    });
    const second = (await get(`${BetRecordPaths.records}?page=2`, me.headers)).body.value;
    expect(second.items).toHaveLength(2);
    const all = [...(first?.items ?? []), ...second.items];
    expect(new Set(all.map((item: { roundId: string }) => item.roundId)).size).toBe(22);
  });

  it('when filtered by vendor, category, status or dates, then only the matching rounds are listed and totalled', async () => {
    const me = await player();
    await me.play(me.slots.code, 1000, 3000);
    const cancelled = await me.play(me.slots.code, 700, 'cancel');
    await me.play(me.fishing.code, 400, 0);
    const old = await me.play(me.fishing.code, 900, 100);
    await database()
      .db.update(betRecords)
      .set({ openedAt: new Date('2026-01-10T12:00:00Z'), settledAt: new Date('2026-01-10T12:01:00Z') })
      .where(and(eq(betRecords.roundId, old), eq(betRecords.memberId, me.member.id)));

    const byVendor = (await get(`${BetRecordPaths.records}?vendor=${me.slots.code}`, me.headers)).body.value;
    expect(byVendor.items.map((item: { vendorCode: string }) => item.vendorCode)).toEqual([
      me.slots.code,
      me.slots.code,
    ]);
    const byCategory = (await get(`${BetRecordPaths.records}?category=FISH`, me.headers)).body.value;
    expect(byCategory.totals).toMatchObject({
      rounds: 2,
      stakeMinor: '1300',
      payoutMinor: '100',
      profitMinor: '-1200',
    });
    const byStatus = (await get(`${BetRecordPaths.records}?status=CANCELLED`, me.headers)).body.value;
    expect(byStatus.items.map((item: { roundId: string }) => item.roundId)).toEqual([cancelled]);
    expect(byStatus.items[0]).toMatchObject({ stakeMinor: '0', validBetMinor: '0', profitMinor: null });
    const january = (await get(`${BetRecordPaths.records}?from=2026-01-10&to=2026-01-10`, me.headers)).body
      .value;
    expect(january.items.map((item: { roundId: string }) => item.roundId)).toEqual([old]);
  });

  it('when a member reads their profit and loss, then settled rounds are summed per vendor and in total, by settlement date', async () => {
    const me = await player();
    await me.play(me.slots.code, 1000, 3000);
    await me.play(me.slots.code, 2000, 0);
    await me.play(me.slots.code, 800, 'open');
    await me.play(me.slots.code, 600, 'cancel');
    await me.play(me.fishing.code, 500, 200);
    const profit = ProfitResponseSchema.parse((await get(BetRecordPaths.profit, me.headers)).body).value;
    expect(profit?.vendors).toEqual([
      {
        vendorCode: me.slots.code,
        vendorName: me.slots.name,
        rounds: 2,
        stakeMinor: '3000',
        validBetMinor: '3000',
        payoutMinor: '3000',
        profitMinor: '0',
      },
      {
        vendorCode: me.fishing.code,
        vendorName: me.fishing.name,
        rounds: 1,
        stakeMinor: '500',
        validBetMinor: '500',
        payoutMinor: '200',
        profitMinor: '-300',
      },
    ]);
    expect(profit?.totals).toEqual({
      rounds: 3,
      stakeMinor: '3500',
      validBetMinor: '3500',
      payoutMinor: '3200',
      profitMinor: '-300',
    });
    const longAgo = (await get(`${BetRecordPaths.profit}?to=2020-01-01`, me.headers)).body.value;
    expect(longAgo).toEqual({
      totals: { rounds: 0, stakeMinor: '0', validBetMinor: '0', payoutMinor: '0', profitMinor: '0' },
      vendors: [],
    });
  });

  it("when a member reads their betting record, then each round names its game in the asked language, falling back to English, the catalogue name, then the game's code", async () => {
    const me = await player();
    const translated = testGame(me.slots.code, { en: 'Golden Dragon', ty: 'Gintong Dragon' });
    const englishOnly = testGame(me.slots.code, { en: 'Lucky Koi' });
    const unnamed = { ...testGame(me.slots.code, { en: 'Jade Temple' }), displayNames: {} };
    await insertGamesIfMissing(database().db, [translated, englishOnly, unnamed]);
    const rounds = new Map([
      [await me.play(me.slots.code, 100, 0, translated.gameCode), 'Gintong Dragon'],
      [await me.play(me.slots.code, 100, 0, englishOnly.gameCode), 'Lucky Koi'],
      [await me.play(me.slots.code, 100, 0, unnamed.gameCode), 'Jade Temple'],
      [await me.play(me.slots.code, 100, 0, 'retired-game'), 'retired-game'],
    ]);
    const nameOf = async (language: string) => {
      const { items } = BetRecordsResponseSchema.parse(
        (await get(`${BetRecordPaths.records}?language=${language}`, me.headers)).body,
      ).value ?? { items: [] };
      return new Map(items.map((item) => [item.roundId, item.gameName]));
    };
    expect(await nameOf('TY')).toEqual(rounds);
    expect((await nameOf('EN')).get([...rounds.keys()][0] ?? '')).toBe('Golden Dragon');
  });

  it('when a filter or paging value is not valid, then the call is 400 naming it', async () => {
    const { headers } = await loggedInMember(database().db);
    const cases: [string, string][] = [
      ['pageSize=51', 'query.pageSize'],
      ['page=0', 'query.page'],
      ['category=CASINO', 'query.category'],
      ['vendor=not%20a%20code', 'query.vendor'],
      ['from=yesterday', 'query.from'],
      ['status=WON', 'query.status'],
      ['language=english', 'query.language'],
      ['from=2026-02-01&to=2026-01-01', 'query.to'],
    ];
    for (const [query, field] of cases) {
      const answer = await get(`${BetRecordPaths.records}?${query}`, headers);
      expect([answer.status, answer.body.code]).toEqual([400, 'VALIDATION_FAILED']);
      expect(answer.body.value.issues.map((issue: { field: string }) => issue.field)).toContain(field);
    }
    const badProfit = await get(`${BetRecordPaths.profit}?category=CASINO`, headers);
    expect(badProfit.body.value.issues[0].field).toBe('query.category');
  });
});
