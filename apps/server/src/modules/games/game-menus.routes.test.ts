import { GameMenusResponseSchema, GamePaths } from '@fortuna/contracts/games';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { testVendor } from '../vendors/vendors.test-helpers.ts';
import { insertGamesIfMissing } from './games.store.ts';
import { testGame } from './games.test-helpers.ts';

const lottery = (code: string, en: string, group: string, sortOrder: number, ty?: string) => ({
  en,
  ty,
  gameType: 'LOTT' as const,
  gameCode: code,
  gameGroupCode: group,
  prizeModes: group === 'VN' ? ['LOTT'] : ['ELOTT', 'ZY'],
  lines: 0,
  sortOrder,
});

describeEachDatabase('games catalogue: game menus (spec 7.3 /lgw/games/game_menus)', (database) => {
  let app: FastifyInstance;
  let lotto: { code: string };
  let paused: { code: string };
  beforeAll(async () => {
    const db = database().db;
    lotto = await testVendor(db, { categories: ['LOTT', 'RNG'], walletMode: 'TRANSFER' });
    paused = await testVendor(db, { categories: ['LOTT'], walletMode: 'TRANSFER', status: 'MAINTENANCE' });
    await insertGamesIfMissing(db, [
      testGame(lotto.code, lottery('vn-north', 'Vietnam North', 'VN', 3, 'Hilagang Vietnam')),
      testGame(lotto.code, lottery('keno', 'Keno Classic', 'KENO', 1)),
      testGame(lotto.code, lottery('fast-1', '1-Minute Lotto', 'FAST', 2)),
      testGame(lotto.code, { ...lottery('hidden', 'Hidden Draw', 'FAST', 0), status: 'HIDDEN' }),
      testGame(lotto.code, { en: 'Lotto Slot', sortOrder: 0 }),
      testGame(paused.code, lottery('keno', 'Paused Keno', 'KENO', 4)),
    ]);
    app = await buildTestApp(database());
  });
  afterAll(() => app.close());

  const get = async (query: string) => {
    const response = await app.inject({ method: 'GET', url: `${GamePaths.gameMenus}?${query}` });
    return { status: response.statusCode, body: response.json() };
  };
  const menus = async (query: string) => {
    const answer = await get(query);
    expect(answer.status).toBe(200);
    return GameMenusResponseSchema.parse(answer.body).value ?? expect.unreachable();
  };

  it("when a vendor's menus are asked, then its listed lottery games are keyed by game code, in list order, each with its gameGroupCode", async () => {
    const answer = await menus(`vassalage=${lotto.code}`);
    expect(Object.keys(answer)).toEqual(['keno', 'fast-1', 'vn-north']);
    expect(answer['vn-north']).toMatchObject({
      vassalage: lotto.code,
      gameType: 'LOTT',
      gameCode: 'vn-north',
      gameName: 'Vietnam North',
      displayName: 'Vietnam North',
      gameGroupCode: 'VN',
      maintenance: false,
    });
    expect(Object.values(answer).map((game) => game.gameGroupCode)).toEqual(['KENO', 'FAST', 'VN']);
  });

  it('when a language is asked, then displayName is in it', async () => {
    expect((await menus(`vassalage=${lotto.code}&language=TY`))['vn-north']?.displayName).toBe(
      'Hilagang Vietnam',
    );
  });

  it("when every vendor's menus are asked, then a vendor in maintenance is listed as such and a code another vendor took is keyed with its vendor", async () => {
    const answer = await menus('');
    expect(Object.keys(answer)).toEqual(['keno', 'fast-1', 'vn-north', `${paused.code}:keno`]);
    expect(answer[`${paused.code}:keno`]).toMatchObject({ gameName: 'Paused Keno', maintenance: true });
    expect(Object.values(answer).every((game) => game.gameType === 'LOTT')).toBe(true);
  });

  it('when a prize mode is asked, then only the games offered in it are listed (/lott and /elott differ)', async () => {
    expect(Object.keys(await menus(`vassalage=${lotto.code}&prizeMode=LOTT`))).toEqual(['vn-north']);
    expect(Object.keys(await menus(`vassalage=${lotto.code}&prizeMode=ELOTT`))).toEqual(['keno', 'fast-1']);
    expect(Object.keys(await menus(`vassalage=${lotto.code}&prizeMode=ZY`))).toEqual(['keno', 'fast-1']);
    expect(await menus(`vassalage=${lotto.code}&prizeMode=SEA`)).toEqual({});
  });

  it('when a vendor that has no lottery games is asked, then the menus are empty', async () => {
    const slots = await testVendor(database().db, { categories: ['RNG'] });
    expect(await menus(`vassalage=${slots.code}`)).toEqual({});
  });

  describe('bad input', () => {
    it.each([
      ['vassalage=tcg', 'query.vassalage'],
      ['language=english', 'query.language'],
      ['prizeMode=lott', 'query.prizeMode'],
      ['prizeMode=LOTT%00', 'query.prizeMode'],
      ['prizeMode=ELOTT&prizeMode=LOTT', 'query.prizeMode'],
      [`prizeMode=${'L'.repeat(5000)}`, 'query.prizeMode'],
    ])('when the menus are asked with %s, then 400 names %s', async (query, field) => {
      const answer = await get(query);
      expect(answer.status).toBe(400);
      expect(answer.body.value.issues.map((issue: { field: string }) => issue.field)).toContain(field);
    });

    it('when an unknown vendor is asked, then 404 VENDOR_NOT_FOUND', async () => {
      const answer = await get('vassalage=NOSUCHVENDOR');
      expect([answer.status, answer.body.code]).toEqual([404, 'VENDOR_NOT_FOUND']);
    });
  });
});
