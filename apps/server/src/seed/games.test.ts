import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { insertGamesIfMissing } from '../modules/games/games.store.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { LOTTERY_DRAWS } from './game-names.ts';
import { demoGames, HOUSE_DAILY_GAMES, HOUSE_GAMES, HOUSE_LOTTERY_GAMES, seedGames } from './games.ts';
import { seedHouseGames } from './house-games.ts';
import { catalogueVendors, seedVendors } from './vendors.ts';

it('when the demo catalogue is generated, then it has at least 12 vendors and 5,000 games, ids unique', () => {
  const games = demoGames();
  expect(catalogueVendors().length).toBeGreaterThanOrEqual(12);
  expect(games.length).toBeGreaterThanOrEqual(5000);
  expect(new Set(games.map((game) => game.nodeId)).size).toBe(games.length);
  expect(new Set(games.map((game) => `${game.vassalage}/${game.gameCode}`)).size).toBe(games.length);
  expect(demoGames()).toEqual(games);
  expect(games.filter((game) => game.vassalage === 'FORTUNA').map((game) => game.gameCode)).toEqual(
    [...HOUSE_GAMES, ...HOUSE_LOTTERY_GAMES, ...HOUSE_DAILY_GAMES].map((game) => game.code),
  );
});

it("when the demo catalogue is generated, then names are unique within each vendor and the house games' names are theirs alone", () => {
  const games = demoGames();
  expect(new Set(games.map((game) => `${game.vassalage}/${game.gameName}`)).size).toBe(games.length);
  const houseNames: string[] = HOUSE_GAMES.map((game) => game.name);
  expect(games.filter((game) => houseNames.includes(game.gameName)).map((game) => game.vassalage)).toEqual(
    houseNames.map(() => 'FORTUNA'),
  );
});

it('when the demo catalogue is generated, then names are proper nouns: one name in every language, a translation only for lottery draws named by a description', () => {
  const games = demoGames();
  for (const game of games) expect(game.displayNames.EN).toBe(game.gameName);
  const translated = games.filter((game) => Object.keys(game.displayNames).length > 1);
  expect(new Set(translated.map((game) => game.gameType))).toEqual(new Set(['LOTT']));
  expect(games.find((game) => game.gameCode === 'race-1m')?.displayNames).toEqual({
    EN: 'Race · 1 min',
    TY: 'Karera · 1 min',
  });
  expect(games.find((game) => game.gameCode === 'lucky-koi')?.displayNames).toEqual({ EN: 'Lucky Koi' });
});

it('when the demo catalogue is generated, then the lottery vendor and the house lottery list their draws, each with a gameGroupCode and prize modes, and no other game has either', () => {
  const games = demoGames();
  expect(catalogueVendors().find((vendor) => vendor.code === 'TCG')?.categories).toEqual(['LOTT']);
  const lottery = games.filter((game) => game.gameType === 'LOTT');
  const groupsOf = (vendor: string) =>
    new Set(lottery.filter((game) => game.vassalage === vendor).map((game) => game.gameGroupCode));
  expect(groupsOf('TCG')).toEqual(new Set(['VN', 'KENO', 'FAST', 'DIGIT']));
  expect(groupsOf('FORTUNA')).toEqual(new Set(['KENO', '3D', '5D', 'RACE', 'VN', 'SEA']));
  // The three regional draws the house plays are listed once, as the house's (ADR 062).
  expect(lottery.length).toBe(
    LOTTERY_DRAWS.length - 3 + HOUSE_LOTTERY_GAMES.length + HOUSE_DAILY_GAMES.length,
  );
  expect(games.filter((game) => game.gameGroupCode).length).toBe(lottery.length);
  expect(games.filter((game) => game.prizeModes).length).toBe(lottery.length);
});

it('when the demo catalogue is generated, then /elott (ELOTT) and /lott (LOTT) both list the house fast draws (each paid in its own mode, ADR 056), and only /lott the Vietnam draws, only /elott the other vendor’s e-lottery', () => {
  const codesIn = (mode: string) =>
    demoGames()
      .filter((game) => game.prizeModes?.includes(mode))
      .map((game) => game.gameCode);
  const house = HOUSE_LOTTERY_GAMES.map((game) => game.code);
  expect(codesIn('LOTT')).toEqual(expect.arrayContaining(['vn-north', ...house]));
  expect(codesIn('ELOTT')).toEqual(expect.arrayContaining(['keno-classic', 'fast-1', 'digit-5d', ...house]));
  expect(codesIn('ZY')).toEqual(house);
  expect(codesIn('ELOTT')).not.toContain('vn-north');
  expect(codesIn('LOTT')).not.toContain('keno-classic');
});

it("when the demo catalogue is generated, then the regional Vietnam draws are the house lottery's, once each, in LOTT; the SEA draws are the house's in SEA (first, for /seaLottery) and ELOTT; the lottery vendor keeps its other draws on their node ids", () => {
  const games = demoGames();
  const rowsOf = (code: string) => games.filter((game) => game.gameCode === code);
  for (const code of ['vn-north', 'vn-central', 'vn-south'])
    expect(rowsOf(code).map((game) => [game.vassalage, game.gameGroupCode, game.prizeModes])).toEqual([
      ['FORTUNA', 'VN', ['LOTT']],
    ]);
  for (const code of ['sea-2d', 'sea-3d'])
    expect(rowsOf(code).map((game) => [game.vassalage, game.gameGroupCode, game.prizeModes])).toEqual([
      ['FORTUNA', 'SEA', ['SEA', 'ELOTT']],
    ]);
  expect(rowsOf('vn-north')[0]?.displayNames).toEqual({ EN: 'Vietnam North', TY: 'Hilagang Vietnam' });
  // vn-fast was the fourth of the vendor's draws and keeps that node id.
  const vnFast = rowsOf('vn-fast')[0];
  const kenoClassic = rowsOf('keno-classic')[0];
  expect([vnFast?.vassalage, (kenoClassic?.nodeId ?? 0) - (vnFast?.nodeId ?? 0)]).toEqual(['TCG', 1]);
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

describeEachDatabase('seed: the house games keep their own names', (database) => {
  it('when a database seeded while house-game names were translated starts again, then each house game has its one name back in every language', async () => {
    const db = database().db;
    await seedHouseGames(db);
    await db.execute(
      sql`update games set display_names = '{"EN":"Lucky Koi","TY":"Masuwerteng Koi"}'::jsonb, game_name = 'Masuwerteng Koi' where vassalage = 'FORTUNA' and game_code = 'lucky-koi'`,
    );
    await seedHouseGames(db);
    const rows = (await db.execute(
      sql`select game_code, game_name, node_name, display_names from games where vassalage = 'FORTUNA' order by game_code`,
    )) as unknown as {
      rows: { game_code: string; game_name: string; node_name: string; display_names: unknown }[];
    };
    const expected = [
      ...HOUSE_GAMES.map((game) => ({ ...game, tyName: undefined })),
      ...HOUSE_LOTTERY_GAMES,
      ...HOUSE_DAILY_GAMES,
    ]
      .map((game) => ({
        game_code: game.code,
        game_name: game.name,
        node_name: game.name,
        display_names: game.tyName ? { EN: game.name, TY: game.tyName } : { EN: game.name },
      }))
      .sort((a, b) => a.game_code.localeCompare(b.game_code));
    expect(rows.rows).toEqual(expected);
  });
});

describeEachDatabase('migration 0040: the house plays the regional draws (ADR 062)', (database) => {
  it('when a database seeded with the lottery vendor’s regional rows is migrated, then those rows are hidden, its other draws and the house’s stay listed', async () => {
    const db = database().db;
    await seedVendors(db);
    await seedHouseGames(db);
    const kenoClassic = demoGames().find((game) => game.gameCode === 'keno-classic');
    if (!kenoClassic) throw new Error('the catalogue has no keno-classic');
    // As seeded before the house took the regional draws over: the vendor's own vn-north row.
    await insertGamesIfMissing(db, [
      kenoClassic,
      {
        ...kenoClassic,
        nodeId: kenoClassic.nodeId - 4,
        gameCode: 'vn-north',
        gameName: 'Vietnam North Lottery',
      },
    ]);
    const migration = readFileSync(
      new URL('../db/migrations/0040_house_plays_the_regional_draws.sql', import.meta.url),
      'utf8',
    );
    await db.execute(sql.raw(migration));
    const rows = (await db.execute(
      sql`select vassalage, game_code, status from games where game_code in ('vn-north', 'keno-classic') order by vassalage, game_code`,
    )) as unknown as { rows: { vassalage: string; game_code: string; status: string }[] };
    expect(rows.rows).toEqual([
      { vassalage: 'FORTUNA', game_code: 'vn-north', status: 'ACTIVE' },
      { vassalage: 'TCG', game_code: 'keno-classic', status: 'ACTIVE' },
      { vassalage: 'TCG', game_code: 'vn-north', status: 'HIDDEN' },
    ]);
  });
});
