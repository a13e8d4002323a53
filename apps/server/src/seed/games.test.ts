import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases.ts';
import { demoGames, HOUSE_GAMES, seedGames } from './games.ts';
import { catalogueVendors, seedVendors } from './vendors.ts';

it('when the demo catalogue is generated, then it has at least 12 vendors and 5,000 games, each named in EN and TY, ids unique', () => {
  const games = demoGames();
  expect(catalogueVendors().length).toBeGreaterThanOrEqual(12);
  expect(games.length).toBeGreaterThanOrEqual(5000);
  expect(new Set(games.map((game) => game.nodeId)).size).toBe(games.length);
  expect(new Set(games.map((game) => `${game.vassalage}/${game.gameCode}`)).size).toBe(games.length);
  expect(games.every((game) => game.displayNames.EN && game.displayNames.TY)).toBe(true);
  expect(demoGames()).toEqual(games);
  expect(games.filter((game) => game.vassalage === 'FORTUNA').map((game) => game.gameCode)).toEqual(
    HOUSE_GAMES.map((game) => game.code),
  );
});

it('when the demo catalogue is generated, then the lottery vendor lists its draws, each with a gameGroupCode, and no other game has one', () => {
  const games = demoGames();
  expect(catalogueVendors().find((vendor) => vendor.code === 'TCG')?.categories).toEqual(['LOTT']);
  const lottery = games.filter((game) => game.gameType === 'LOTT');
  expect(lottery.map((game) => game.vassalage)).toEqual(lottery.map(() => 'TCG'));
  expect(new Set(lottery.map((game) => game.gameGroupCode))).toEqual(
    new Set(['VN', 'KENO', 'FAST', 'DIGIT']),
  );
  expect(games.filter((game) => game.gameGroupCode).length).toBe(lottery.length);
});

describeEachDatabase('demo catalogue seed', (database) => {
  it('when the catalogue is seeded twice, then every game is there once', async () => {
    const db = database().db;
    await seedVendors(db);
    await seedGames(db);
    await seedGames(db);
    const result = (await db.execute(sql`select count(*)::int as n from games`)) as unknown as {
      rows: { n: number }[];
    };
    expect(Number(result.rows[0]?.n)).toBe(demoGames().length);
  });
});
