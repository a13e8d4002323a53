import type { GameCategory } from '@fortuna/contracts/categories';
import { GamePaths, WinnerBoardResponseSchema } from '@fortuna/contracts/games';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { betRecords } from '../vendors/vendors.schema.ts';
import { testVendor } from '../vendors/vendors.test-helpers.ts';
import { insertGamesIfMissing } from './games.store.ts';
import { testGame } from './games.test-helpers.ts';
import { maskName } from './winner-board.ts';

it('when a username is masked, then only its first two and last characters show', () => {
  expect(maskName('alice99')).toBe('al***9');
  expect(maskName('bob')).toBe('b***');
});

describeEachDatabase('games catalogue: the winner board', (database) => {
  let app: FastifyInstance;
  let vendorCode: string;
  beforeAll(async () => {
    const db = database().db;
    const vendor = await testVendor(db, { categories: ['RNG', 'FISH'] });
    vendorCode = vendor.code;
    const slot = testGame(vendor.code, { en: 'Board Slot', ty: 'Puwang ng Lupon', gameCode: 'board-slot' });
    const fish = testGame(vendor.code, { en: 'Board Fish', gameType: 'FISH', gameCode: 'board-fish' });
    await insertGamesIfMissing(db, [slot, fish]);
    const winner = await createMember(db, { username: 'winnerone' });
    const other = await createMember(db, { username: 'secondbest' });
    const round = (
      memberId: bigint,
      gameCode: string,
      category: GameCategory,
      payout: bigint,
      fields = {},
    ) => ({
      vendorCode: vendor.code,
      roundId: `r-${Math.random()}`,
      memberId,
      gameCode,
      category,
      stakeMinor: 100n,
      payoutMinor: payout,
      status: 'SETTLED',
      settledAt: new Date(),
      ...fields,
    });
    await db.insert(betRecords).values([
      round(winner.id, 'board-slot', 'RNG', 90_000n),
      round(other.id, 'board-fish', 'FISH', 50_000n),
      round(other.id, 'board-slot', 'RNG', 0n),
      // Its stake back (100), or part of it: paid, but not won.
      round(other.id, 'board-slot', 'RNG', 100n),
      round(other.id, 'board-fish', 'FISH', 60n),
      round(other.id, 'board-slot', 'RNG', 999_999n, { status: 'OPEN', settledAt: null }),
      round(other.id, 'board-slot', 'RNG', 888_888n, { settledAt: new Date(Date.now() - 30 * 86_400_000) }),
    ]);
    app = await buildTestApp(database());
  });
  afterAll(() => app.close());

  const board = async (query: string) => {
    const response = await app.inject({ method: 'GET', url: `${GamePaths.winners}?${query}` });
    expect(response.statusCode).toBe(200);
    const rows = WinnerBoardResponseSchema.parse(response.json()).value ?? expect.unreachable();
    return rows.filter((row) => row.vassalage === vendorCode);
  };

  it("when the board is asked, then this week's settled wins come biggest first with masked names; open, old and rounds paying no more than their stake never", async () => {
    const rows = await board('gameCategory=ALL&language=TY&limitNum=20');
    expect(rows.map((row) => [row.customerName, row.winAmount, row.gameName])).toEqual([
      ['wi***e', '90000', 'Puwang ng Lupon'],
      ['se***t', '50000', 'Board Fish'],
    ]);
    expect(JSON.stringify(rows)).not.toContain('winnerone');
  });

  it('when one category is asked, then only its wins come; bad input is 400 naming the field', async () => {
    expect((await board('gameCategory=FISH')).map((row) => row.winAmount)).toEqual(['50000']);
    for (const [query, field] of [
      ['limitNum=21', 'query.limitNum'],
      ['gameCategory=SLOTS', 'query.gameCategory'],
    ]) {
      const response = await app.inject({ method: 'GET', url: `${GamePaths.winners}?${query}` });
      expect(response.statusCode).toBe(400);
      expect(response.json().value.issues[0].field).toBe(field);
    }
  });
});
