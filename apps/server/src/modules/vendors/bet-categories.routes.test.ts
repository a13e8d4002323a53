import {
  BetRecordPaths,
  BetRecordsResponseSchema,
  ProfitResponseSchema,
} from '@fortuna/contracts/bet-records';
import {
  GamePaths,
  HOUSE_VENDOR_CODE,
  VendorGameTypesResponseSchema,
  WinnerBoardResponseSchema,
} from '@fortuna/contracts/games';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedHouseGames } from '../../seed/house-games.ts';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { fund, loggedInMember } from '../../test/wallet-fixtures.ts';
import { insertGamesIfMissing } from '../games/games.store.ts';
import { testGame } from '../games/games.test-helpers.ts';
import { testLedger } from '../ledger/ledger.test-helpers.ts';
import { newTxnId, playerAt, vendorCall } from './vendors.test-helpers.ts';

const HOUSE_SECRET = 'categories-house-secret-0123456789';

// The house vendor as seeded: slots (RNG), Ocean Hunter (FISH), Rocket Crash and Royal Baccarat
// (PVP), with its games in the catalogue. Before rounds were filed by their game, every round of
// it went under its first category, RNG.
describeEachDatabase('bet records: each round filed under its own game category', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const db = database().db;
    await seedHouseGames(db);
    await insertGamesIfMissing(db, [
      // Withdrawn from the lobby while rounds of it may still arrive.
      testGame(HOUSE_VENDOR_CODE, {
        en: 'Retired Reef',
        gameType: 'FISH',
        gameCode: 'retired-reef',
        status: 'HIDDEN',
      }),
    ]);
    app = await buildTestApp(database(), { HOUSE_VENDOR_SECRET: HOUSE_SECRET });
  });
  afterAll(() => app.close());

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const response = await app.inject({ method: 'GET', url, headers });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  /** A member of their own with money, playing house games through the vendor protocol. */
  async function houseMember() {
    const db = database().db;
    const caller = await loggedInMember(db);
    await fund(testLedger(db), caller.member.id, 1_000_000n);
    const playerId = await playerAt(db, HOUSE_VENDOR_CODE, caller.member.id);
    /** One settled round of `gameCode`: a bet, then a win of `payout`. */
    async function play(gameCode: string, stake: number, payout: number) {
      const base = { playerId, roundId: newTxnId('r'), gameCode };
      const call = async (kind: 'debit' | 'credit', amountMinor: number) => {
        const answer = await vendorCall(
          app,
          HOUSE_VENDOR_CODE,
          kind,
          { ...base, transactionId: newTxnId(), amountMinor: String(amountMinor) },
          { secret: HOUSE_SECRET },
        );
        expect(answer.status).toBe(200);
      };
      await call('debit', stake);
      await call('credit', payout);
      return base.roundId;
    }
    return { ...caller, play };
  }

  const records = async (headers: Record<string, string>, query: string) =>
    BetRecordsResponseSchema.parse(await get(`${BetRecordPaths.records}?${query}`, headers)).value ??
    expect.unreachable();

  it('when a member plays Ocean Hunter and Lucky Koi, then the betting record, the profit page and the winner board file each round under its own category', async () => {
    const me = await houseMember();
    const fish = await me.play('ocean-hunter', 1_000, 712_345);
    const slot = await me.play('lucky-koi', 2_000, 654_321);

    const fishOnly = await records(me.headers, 'category=FISH');
    expect(fishOnly.items.map((item) => [item.roundId, item.category, item.gameName])).toEqual([
      [fish, 'FISH', 'Ocean Hunter'],
    ]);
    const slotsOnly = await records(me.headers, 'category=RNG');
    expect(slotsOnly.items.map((item) => [item.roundId, item.category, item.gameName])).toEqual([
      [slot, 'RNG', 'Lucky Koi'],
    ]);
    expect((await records(me.headers, 'category=LIVE')).total).toBe(0);

    const profit = async (category: string) =>
      ProfitResponseSchema.parse(await get(`${BetRecordPaths.profit}?category=${category}`, me.headers)).value
        ?.totals;
    expect(await profit('FISH')).toMatchObject({ rounds: 1, stakeMinor: '1000', payoutMinor: '712345' });
    expect(await profit('RNG')).toMatchObject({ rounds: 1, stakeMinor: '2000', payoutMinor: '654321' });

    const board = async (category: string) =>
      (
        WinnerBoardResponseSchema.parse(
          await get(`${GamePaths.winners}?gameCategory=${category}&language=EN&limitNum=20`),
        ).value ?? expect.unreachable()
      ).map((row) => [row.winAmount, row.gameName]);
    expect(await board('FISH')).toContainEqual(['712345', 'Ocean Hunter']);
    expect(await board('FISH')).not.toContainEqual(['654321', 'Lucky Koi']);
    expect(await board('RNG')).toContainEqual(['654321', 'Lucky Koi']);
    expect(await board('RNG')).not.toContainEqual(['712345', 'Ocean Hunter']);
  });

  it("when the lobby asks for the house vendor's categories, then Royal Baccarat counts among card and table games, the lottery's twelve fast draws and five daily draws (ADR 062) among lottery, and nothing is live casino", async () => {
    const answer = VendorGameTypesResponseSchema.parse(
      await get(`${GamePaths.vendorGameTypes}?vassalage=${HOUSE_VENDOR_CODE}`),
    ).value;
    expect(answer).toEqual([
      { gameType: 'RNG', count: 3 },
      { gameType: 'FISH', count: 1 },
      { gameType: 'PVP', count: 2 },
      { gameType: 'LOTT', count: 17 },
    ]);
  });

  it('when a member plays Royal Baccarat, then the round is a card and table game (PVP), not live casino', async () => {
    const me = await houseMember();
    const baccarat = await me.play('royal-baccarat', 500, 1_000);
    expect((await records(me.headers, 'category=PVP')).items.map((item) => item.roundId)).toEqual([baccarat]);
    expect((await records(me.headers, 'category=LIVE')).total).toBe(0);
  });

  it("when a round is of a game hidden from the lobby, then it still goes under that game's category", async () => {
    const me = await houseMember();
    const retired = await me.play('retired-reef', 300, 0);
    expect((await records(me.headers, 'category=FISH')).items.map((item) => item.roundId)).toEqual([retired]);
  });

  it("when a round is of a game the catalogue does not know, then it goes under the vendor's first category (RNG for the house vendor)", async () => {
    const me = await houseMember();
    const unknown = await me.play('not-in-catalogue', 300, 0);
    const all = await records(me.headers, '');
    expect(all.items.map((item) => [item.roundId, item.category, item.gameName])).toEqual([
      [unknown, 'RNG', 'not-in-catalogue'],
    ]);
  });
});
