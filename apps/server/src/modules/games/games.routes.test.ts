import {
  GAME_PAGE_SIZE,
  GamePageResponseSchema,
  GamePaths,
  GameVendorsResponseSchema,
  gameArtPath,
} from '@fortuna/contracts/games';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, opsHeaders } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { loggedInMember } from '../../test/wallet-fixtures.ts';
import { testVendor } from '../vendors/vendors.test-helpers.ts';
import { insertGamesIfMissing } from './games.store.ts';
import { testCatalogue, testGame } from './games.test-helpers.ts';

describeEachDatabase('games catalogue: the lobby reads', (database) => {
  let app: FastifyInstance;
  let catalogue: Awaited<ReturnType<typeof testCatalogue>>;
  beforeAll(async () => {
    catalogue = await testCatalogue(database().db);
    app = await buildTestApp(database());
  });
  afterAll(() => app.close());

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const response = await app.inject({ method: 'GET', url, headers });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  };
  const list = async (query: string) => {
    const answer = await get(`${GamePaths.gameList}?vassalage=${catalogue.slots.code}&${query}`);
    expect(answer.status).toBe(200);
    return GamePageResponseSchema.parse(answer.body).value ?? expect.unreachable();
  };
  const names = (page: { content: { gameName: string }[] }) => page.content.map((game) => game.gameName);

  describe('game list', () => {
    it("when a vendor's slots are asked page by page, then pages hold 20 in list order and count all listed games (hidden ones never)", async () => {
      const first = await list('gameType=RNG&pageNo=1');
      expect(first).toMatchObject({ pageNum: 1, pageSize: GAME_PAGE_SIZE, totalElements: 45, totalPages: 3 });
      expect(names(first).slice(0, 2)).toEqual(['Slot 1', 'Slot 2']);
      const last = await list('gameType=RNG&pageNo=3');
      expect(names(last)).toEqual(['Slot 41', 'Slot 42', 'Slot 43', 'Slot 44', 'Slot 45']);
      expect((await list('gameType=RNG&pageNo=4')).content).toEqual([]);
      expect(names(await list('gameType=RNG&pageSize=50'))).not.toContain('Hidden Slot');
    });

    it('when filters are given, then only the games that pass every one are listed', async () => {
      expect((await list('gameType=RNG&selection=HOT')).content.map((game) => game.popularity)).toEqual([
        40, 30, 20, 10,
      ]);
      expect(names(await list('gameType=RNG&selection=NEW'))).toEqual(['Slot 15', 'Slot 30', 'Slot 45']);
      expect((await list('gameType=RNG&minBetOne=true')).totalElements).toBe(15);
      expect((await list('gameType=RNG&lines25=1')).totalElements).toBe(11);
      expect(names(await list('gameType=RNG&minBetOne=true&lines25=true'))).toEqual([
        'Slot 12',
        'Slot 24',
        'Slot 36',
      ]);
      expect((await list('group=JP')).totalElements).toBe(9);
      expect(names(await list('gameType=FISH'))).toEqual(['Jade Emperor Fishing']);
    });

    it('when a name is searched, then games whose name in any language contains it are found, any case', async () => {
      expect(names(await list('search=jade%20EMP'))).toEqual(['Jade Emperor Fishing']);
      expect((await list('search=puwang%204&pageSize=50')).totalElements).toBe(7);
      expect((await list('search=nothing-like-this')).totalElements).toBe(0);
    });

    it('when a language is asked, then displayName is in it, English when the game has none', async () => {
      const tagalog = await list('gameType=RNG&language=TY&pageSize=1');
      expect(tagalog.content[0]).toMatchObject({ gameName: 'Slot 1', displayName: 'Puwang 1' });
      const fishing = await list('gameType=FISH&language=TY');
      expect(fishing.content[0]?.displayName).toBe('Jade Emperor Fishing');
      expect(fishing.content[0]?.iconUrl).toBe(gameArtPath(catalogue.nodeOf('Jade Emperor Fishing')));
    });

    it.each([
      ['clientType=2', 'query.clientType'],
      ['gameType=SLOTS', 'query.gameType'],
      ['vassalage=pg', 'query.vassalage'],
      ['selection=MINE', 'query.selection'],
      ['pageNo=0', 'query.pageNo'],
      ['pageSize=500', 'query.pageSize'],
      ['minBetOne=yes', 'query.minBetOne'],
      ['group=XX', 'query.group'],
      ['language=english', 'query.language'],
      [`search=${'x'.repeat(41)}`, 'query.search'],
      ['sort=HOT', 'query.sort'],
      ['sort=%00', 'query.sort'],
      ['launchable=maybe', 'query.launchable'],
    ])('when the list is asked with %s, then 400 names %s', async (query, field) => {
      const answer = await get(`${GamePaths.gameList}?${query}`);
      expect(answer.status).toBe(400);
      expect(answer.body.value.issues.map((issue: { field: string }) => issue.field)).toContain(field);
    });

    it('when a visitor asks for favourites or recent games, then 401; a member gets their own (none yet)', async () => {
      expect((await get(`${GamePaths.gameList}?selection=FAV`)).status).toBe(401);
      expect((await get(`${GamePaths.gameList}?selection=RECENT`)).status).toBe(401);
      const { headers } = await loggedInMember(database().db);
      const mine = await get(`${GamePaths.gameList}?selection=FAV`, headers);
      expect(mine.status).toBe(200);
      expect(mine.body.value.totalElements).toBe(0);
    });
  });

  it('when no vendor is connected, then every game is listed as not launchable, every vendor counts none, and the hot row is empty rather than only coming-soon games', async () => {
    const all = await list('pageSize=60');
    expect(all.content.length).toBeGreaterThan(0);
    expect(all.content.every((game) => game.launchable === false)).toBe(true);
    expect((await list('launchable=true')).totalElements).toBe(0);
    const vendors =
      GameVendorsResponseSchema.parse((await get(GamePaths.vendors)).body).value ?? expect.unreachable();
    expect(vendors.flatMap((entry) => entry.vendors).every((vendor) => vendor.launchableCount === 0)).toBe(
      true,
    );
    const hot = await get(`${GamePaths.hotGames}?isPlatform=2&platform=html5-desktop&imgSize=rx2&limit=100`);
    expect([hot.status, hot.body.value]).toEqual([200, []]);
    expect((await get(`${GamePaths.hotGames}?limit=0`)).status).toBe(400);
  });

  it('when a sort is asked, then POPULAR is most played first, NEW those marked new then the latest added, NAME A to Z; without one, the list order', async () => {
    const { db } = database();
    const vendor = await testVendor(db, { walletMode: 'TRANSFER' });
    await insertGamesIfMissing(db, [
      testGame(vendor.code, { en: 'Zebra Gold', popularity: 5 }),
      testGame(vendor.code, { en: 'apple Spin', popularity: 50, isNew: true }),
      testGame(vendor.code, { en: 'Mango Rush 10', popularity: 500 }),
      testGame(vendor.code, { en: 'Mango Rush 9', popularity: 1 }),
    ]);
    await app.inject({
      method: 'PUT',
      url: `/ops/vendors/${vendor.code}/status`,
      headers: opsHeaders,
      payload: { status: 'ACTIVE' },
    });
    const sorted = async (sort: string) => {
      const answer = await get(
        `${GamePaths.gameList}?vassalage=${vendor.code}${sort ? `&sort=${sort}` : ''}`,
      );
      return names(GamePageResponseSchema.parse(answer.body).value ?? expect.unreachable());
    };
    expect(await sorted('')).toEqual(['Zebra Gold', 'apple Spin', 'Mango Rush 10', 'Mango Rush 9']);
    expect(await sorted('POPULAR')).toEqual(['Mango Rush 10', 'apple Spin', 'Zebra Gold', 'Mango Rush 9']);
    expect(await sorted('NEW')).toEqual(['apple Spin', 'Mango Rush 9', 'Mango Rush 10', 'Zebra Gold']);
    expect(await sorted('NAME')).toEqual(['apple Spin', 'Mango Rush 9', 'Mango Rush 10', 'Zebra Gold']);
  });

  it("when a vendor's game types are asked, then its categories come with their counts; an unknown vendor is 404", async () => {
    const answer = await get(`${GamePaths.vendorGameTypes}?vassalage=${catalogue.slots.code}`);
    expect(answer.body.value).toEqual([
      { gameType: 'RNG', count: 45 },
      { gameType: 'FISH', count: 1 },
    ]);
    expect((await get(`${GamePaths.vendorGameTypes}?vassalage=NOPE`)).status).toBe(404);
    expect((await get(GamePaths.vendorGameTypes)).body.value.issues[0].field).toBe('query.vassalage');
  });

  it('when the vendors are asked, then only categories with listed games come, each with its vendors; a disabled vendor leaves', async () => {
    const before =
      GameVendorsResponseSchema.parse((await get(GamePaths.vendors)).body).value ?? expect.unreachable();
    const live = before.find((entry) => entry.gameType === 'LIVE');
    expect(live?.vendors.map((vendor) => vendor.code)).toContain(catalogue.tables.code);
    expect(before.map((entry) => entry.gameType)).not.toContain('COCKFIGHT');
    const status = `/ops/vendors/${catalogue.tables.code}/status`;
    await app.inject({ method: 'PUT', url: status, headers: opsHeaders, payload: { status: 'DISABLED' } });
    const after =
      GameVendorsResponseSchema.parse((await get(GamePaths.vendors)).body).value ?? expect.unreachable();
    const liveAfter = after.find((entry) => entry.gameType === 'LIVE')?.vendors ?? [];
    expect(liveAfter.map((vendor) => vendor.code)).not.toContain(catalogue.tables.code);
    await app.inject({ method: 'PUT', url: status, headers: opsHeaders, payload: { status: 'ACTIVE' } });
  });

  it("when a game's art is asked, then a small cacheable SVG of its kind comes; a repeat with its ETag is 304", async () => {
    const nodeId = catalogue.nodeOf('Jade Emperor Fishing');
    const response = await app.inject({ method: 'GET', url: gameArtPath(nodeId) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.headers['cache-control']).toContain('max-age');
    expect(response.body).toContain('data-motif="fish"');
    expect(response.body.length).toBeLessThan(3000);
    const again = await app.inject({
      method: 'GET',
      url: gameArtPath(nodeId),
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect((await app.inject({ method: 'GET', url: gameArtPath(1) })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/wps/games/art/x.png' })).statusCode).toBe(400);
  });
});
