import { GamePaths, GameVendorsResponseSchema, HOUSE_VENDOR_CODE } from '@fortuna/contracts/games';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, opsHeaders } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { loggedInMember } from '../../test/wallet-fixtures.ts';
import { findVendor } from '../vendors/vendors.store.ts';
import { insertGamesIfMissing } from './games.store.ts';
import { testCatalogue, testGame } from './games.test-helpers.ts';

const HOUSE = {
  HOUSE_GAMES_URL: 'http://127.0.0.1:9/house',
  HOUSE_VENDOR_SECRET: 'house-secret-for-games-tests',
};

describeEachDatabase("games catalogue: a member's favourites, recent games and launches", (database) => {
  let app: FastifyInstance;
  let catalogue: Awaited<ReturnType<typeof testCatalogue>>;
  let houseNode: string;
  beforeAll(async () => {
    const db = database().db;
    catalogue = await testCatalogue(db);
    if (!(await findVendor(db, HOUSE_VENDOR_CODE))) {
      await db.execute(
        sql`insert into vendors (code, name, categories, wallet_mode, shared_secret) values (${HOUSE_VENDOR_CODE}, 'Fortuna Originals', array['RNG'], 'SEAMLESS', 'a-secret-of-enough-length')`,
      );
    }
    const house = testGame(HOUSE_VENDOR_CODE, {
      en: 'House Slot',
      gameCode: `fortuna-slot-t${Date.now()}`,
      popularity: 9_000_000,
      isHot: true,
    });
    await insertGamesIfMissing(db, [house]);
    houseNode = String(house.nodeId);
    app = await buildTestApp(database(), HOUSE);
  });
  afterAll(() => app.close());

  const call = async (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => {
    const response = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.json() };
  };
  const favourite = (nodeName: string, vendor = catalogue.slots.code, gameType = 'RNG') => ({
    nodeId: Number(catalogue.nodeOf(nodeName)),
    vendor,
    gameType,
  });
  const removal = (body: { nodeId: number; vendor: string; gameType: string }) =>
    `${GamePaths.favourite}?nodeId=${body.nodeId}&vendor=${body.vendor}&gameType=${body.gameType}`;
  const favouriteRows = async () =>
    Number(
      (
        (await database().db.execute(sql`select count(*)::int as n from favourite_games`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]?.n,
    );

  describe('favourites', () => {
    it('when a member adds and removes favourites, then the list and ids show only their own; another member sees none of them', async () => {
      const alice = await loggedInMember(database().db);
      const bob = await loggedInMember(database().db);
      expect(
        (await call('POST', GamePaths.favourite, alice.headers, favourite('Slot 7'))).body.value,
      ).toEqual({
        nodeId: catalogue.nodeOf('Slot 7'),
        favourite: true,
      });
      const ids = await call('GET', GamePaths.favouriteIds, alice.headers);
      expect(ids.body.value.nodeIds).toEqual([catalogue.nodeOf('Slot 7')]);
      const listed = await call('GET', `${GamePaths.favouriteList}?language=TY`, alice.headers);
      expect(listed.body.value).toMatchObject({ pageNum: 1, totalElements: 1, totalPages: 1 });
      expect(listed.body.value.content[0].displayName).toBe('Puwang 7');
      expect((await call('GET', GamePaths.favouriteIds, bob.headers)).body.value.nodeIds).toEqual([]);
      expect(
        (await call('GET', `${GamePaths.gameList}?selection=FAV`, bob.headers)).body.value.totalElements,
      ).toBe(0);
      // Bob's removal of the same game touches only Bob's (absent) favourite.
      await call('DELETE', removal(favourite('Slot 7')), bob.headers);
      expect((await call('GET', GamePaths.favouriteIds, alice.headers)).body.value.nodeIds).toHaveLength(1);
    });

    it('when a member toggles twice within a second, then the second is 429 and nothing changes', async () => {
      const member = await loggedInMember(database().db);
      expect((await call('POST', GamePaths.favourite, member.headers, favourite('Slot 8'))).status).toBe(200);
      const second = await call('DELETE', removal(favourite('Slot 8')), member.headers);
      expect(second.status).toBe(429);
      expect(second.body.code).toBe('FAVOURITE_TOO_FAST');
      expect((await call('GET', GamePaths.favouriteIds, member.headers)).body.value.nodeIds).toEqual([
        catalogue.nodeOf('Slot 8'),
      ]);
    });

    it('when a visitor or a trial account favourites, then 401 and 403 TRIAL_NOT_ALLOWED, nothing written', async () => {
      const before = await favouriteRows();
      expect((await call('POST', GamePaths.favourite, {}, favourite('Slot 9'))).status).toBe(401);
      const trial = await loggedInMember(database().db, { type: 4 });
      const refused = await call('POST', GamePaths.favourite, trial.headers, favourite('Slot 9'));
      expect(refused).toMatchObject({ status: 403, body: { code: 'TRIAL_NOT_ALLOWED' } });
      expect(await favouriteRows()).toBe(before);
    });

    it.each([
      [{ nodeId: 'abc', vendor: 'X1', gameType: 'RNG' }, 'body.nodeId'],
      [{ nodeId: 5, vendor: 'lower', gameType: 'RNG' }, 'body.vendor'],
      [{ nodeId: 5, vendor: 'AB', gameType: 'SLOT' }, 'body.gameType'],
      [{ vendor: 'AB', gameType: 'RNG' }, 'body.nodeId'],
    ])('when a favourite is sent as %j, then 400 names %s and nothing is written', async (payload, field) => {
      const member = await loggedInMember(database().db);
      const before = await favouriteRows();
      const answer = await call('POST', GamePaths.favourite, member.headers, payload);
      expect(answer.status).toBe(400);
      expect(answer.body.value.issues.map((issue: { field: string }) => issue.field)).toContain(field);
      expect(await favouriteRows()).toBe(before);
    });

    it("when a favourite names another vendor or type than the game's, or no game, then 400 or 404 and nothing is written", async () => {
      const member = await loggedInMember(database().db);
      const before = await favouriteRows();
      const wrongVendor = await call(
        'POST',
        GamePaths.favourite,
        member.headers,
        favourite('Slot 3', catalogue.tables.code),
      );
      expect(wrongVendor.body.value.issues[0].field).toBe('body.vendor');
      const wrongType = await call(
        'POST',
        GamePaths.favourite,
        member.headers,
        favourite('Slot 3', catalogue.slots.code, 'FISH'),
      );
      expect(wrongType.body.value.issues[0].field).toBe('body.gameType');
      const missing = await call('POST', GamePaths.favourite, member.headers, {
        nodeId: 1,
        vendor: 'AB',
        gameType: 'RNG',
      });
      expect(missing.status).toBe(404);
      expect(await favouriteRows()).toBe(before);
    });
  });

  describe('what can be launched', () => {
    const get = async (url: string) => (await call('GET', url, {})).body.value;

    it('when the house vendor is connected, then its games are launchable and come first in lists, sorts and search results; the others are not', async () => {
      const slots = await get(`${GamePaths.gameList}?gameType=RNG&pageSize=3`);
      expect(slots.content.map((game: { nodeId: string }) => game.nodeId)[0]).toBe(houseNode);
      expect(slots.content.map((game: { launchable: boolean }) => game.launchable)).toEqual([
        true,
        false,
        false,
      ]);
      for (const sort of ['POPULAR', 'NEW', 'NAME']) {
        const sorted = await get(`${GamePaths.gameList}?sort=${sort}&pageSize=2`);
        expect(sorted.content[0].nodeId).toBe(houseNode);
      }
      const found = await get(`${GamePaths.gameList}?search=slot&pageSize=2`);
      expect(found.content.map((game: { gameName: string }) => game.gameName)).toEqual([
        'House Slot',
        'Slot 1',
      ]);
      const launchable = await get(`${GamePaths.gameList}?launchable=true`);
      expect(launchable.content.map((game: { nodeId: string }) => game.nodeId)).toEqual([houseNode]);
    });

    it('when hot games are asked, then the launchable ones lead and the coming-soon ones follow by popularity', async () => {
      const hot = await get(`${GamePaths.hotGames}?limit=4`);
      expect(
        hot.map((game: { gameName: string; launchable: boolean }) => [game.gameName, game.launchable]),
      ).toEqual([
        ['House Slot', true],
        ['Baccarat 1', false],
        ['Slot 40', false],
        ['Slot 30', false],
      ]);
    });

    it('when the vendors are asked, then each counts its launchable games: the house its own, a vendor not connected none', async () => {
      const answer = GameVendorsResponseSchema.parse((await call('GET', GamePaths.vendors, {})).body).value;
      const rng = answer?.find((entry) => entry.gameType === 'RNG')?.vendors ?? [];
      expect(rng.find((vendor) => vendor.code === HOUSE_VENDOR_CODE)).toMatchObject({
        gameCount: 1,
        launchableCount: 1,
      });
      expect(rng.find((vendor) => vendor.code === catalogue.slots.code)).toMatchObject({
        gameCount: 45,
        launchableCount: 0,
      });
    });
  });

  describe('launches', () => {
    it('when a member launches a house game, then the URL is signed for the house games and the game leads their recent games', async () => {
      const member = await loggedInMember(database().db);
      const answer = await call('POST', GamePaths.launch, member.headers, {
        nodeId: Number(houseNode),
        language: 'TY',
      });
      expect(answer.status).toBe(200);
      expect(answer.body.value).toMatchObject({ nodeId: houseNode, demo: false, gameName: 'House Slot' });
      const url = new URL(answer.body.value.url);
      expect(url.origin + url.pathname).toBe('http://127.0.0.1:9/house/play');
      expect(url.searchParams.get('lang')).toBe('TY');
      expect(url.searchParams.get('player')).toBeTruthy();
      expect(url.searchParams.get('sig')).toMatch(/^[0-9a-f]{64}$/);
      const recent = await call('GET', GamePaths.recentGames, member.headers);
      expect(recent.body.value.map((game: { nodeId: string }) => game.nodeId)).toEqual([houseNode]);
      const other = await loggedInMember(database().db);
      expect((await call('GET', GamePaths.recentGames, other.headers)).body.value).toEqual([]);
    });

    it('when a visitor, a trial account or a bad body launches, then 401, 403 and 400, and no recent game is written', async () => {
      expect((await call('POST', GamePaths.launch, {}, { nodeId: Number(houseNode) })).status).toBe(401);
      const trial = await loggedInMember(database().db, { type: 4 });
      const refused = await call('POST', GamePaths.launch, trial.headers, { nodeId: Number(houseNode) });
      expect(refused).toMatchObject({ status: 403, body: { code: 'TRIAL_NOT_ALLOWED' } });
      const member = await loggedInMember(database().db);
      const bad = await call('POST', GamePaths.launch, member.headers, { nodeId: -3 });
      expect(bad.body.value.issues[0].field).toBe('body.nodeId');
      expect((await call('GET', GamePaths.recentGames, member.headers)).body.value).toEqual([]);
      expect((await call('GET', GamePaths.recentGames, trial.headers)).body.value).toEqual([]);
    });

    it('when a guest asks for free play, then a demo URL with no player comes; a vendor not connected is refused by name', async () => {
      const demo = await call('POST', GamePaths.guestLaunch, {}, { nodeId: Number(houseNode) });
      expect(demo.status).toBe(200);
      const url = new URL(demo.body.value.url);
      expect(url.searchParams.get('demo')).toBe('1');
      expect(url.searchParams.has('player')).toBe(false);
      const elsewhere = await call(
        'POST',
        GamePaths.guestLaunch,
        {},
        { nodeId: Number(catalogue.nodeOf('Slot 1')) },
      );
      expect(elsewhere).toMatchObject({
        status: 403,
        body: { code: 'VENDOR_NOT_CONNECTED', value: { vendor: catalogue.slots.name } },
      });
      const member = await loggedInMember(database().db);
      const refused = await call('POST', GamePaths.launch, member.headers, {
        nodeId: Number(catalogue.nodeOf('Slot 1')),
      });
      expect(refused.body.code).toBe('VENDOR_NOT_CONNECTED');
      expect((await call('GET', GamePaths.recentGames, member.headers)).body.value).toEqual([]);
    });

    it("when a game's vendor is in maintenance, then the launch is 503 with popular games of other vendors, and the list marks it", async () => {
      const member = await loggedInMember(database().db);
      const status = `/ops/vendors/${catalogue.slots.code}/status`;
      await app.inject({
        method: 'PUT',
        url: status,
        headers: opsHeaders,
        payload: { status: 'MAINTENANCE' },
      });
      try {
        const answer = await call('POST', GamePaths.launch, member.headers, {
          nodeId: Number(catalogue.nodeOf('Slot 2')),
        });
        expect(answer.status).toBe(503);
        expect(answer.body.code).toBe('VENDOR_MAINTENANCE');
        const alternatives = answer.body.value.alternatives as {
          vassalage: string;
          gameType: string;
          maintenance: boolean;
        }[];
        expect(alternatives.length).toBeGreaterThan(0);
        expect(alternatives[0]).toMatchObject({ vassalage: HOUSE_VENDOR_CODE, gameType: 'RNG' });
        expect(
          alternatives.every((game) => game.vassalage !== catalogue.slots.code && !game.maintenance),
        ).toBe(true);
        // Only games that can be launched are offered: the LIVE tables' vendor is not connected.
        expect(alternatives.map((game) => game.vassalage)).toEqual([HOUSE_VENDOR_CODE]);
        const listed = await call(
          'GET',
          `${GamePaths.gameList}?vassalage=${catalogue.slots.code}&pageSize=1`,
          {},
        );
        expect(listed.body.value.content[0].maintenance).toBe(true);
        expect((await call('GET', GamePaths.recentGames, member.headers)).body.value).toEqual([]);
      } finally {
        await app.inject({ method: 'PUT', url: status, headers: opsHeaders, payload: { status: 'ACTIVE' } });
      }
    });
  });
});
