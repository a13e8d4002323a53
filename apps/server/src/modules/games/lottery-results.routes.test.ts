import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HOUSE_VENDOR_CODE } from '@fortuna/contracts/games';
import {
  LotteryResultPaths,
  OpenedNumbersResponseSchema,
  VnRecentResponseSchema,
} from '@fortuna/contracts/lottery-results';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { BAD_STRINGS, encodeLoosely } from '../../test/bad-values.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { loggedInMember } from '../../test/wallet-fixtures.ts';
import { houseVendorIfMissing, testVendor } from '../vendors/vendors.test-helpers.ts';
import { insertGamesIfMissing } from './games.store.ts';
import { testGame } from './games.test-helpers.ts';

const suffix = Date.now().toString(36);
const VN = `vn-t${suffix}`;
const KENO = `keno-t${suffix}`;
const BROKEN = `broken-t${suffix}`;
const UNRUN = `unrun-t${suffix}`;

const drawOf = (n: number) => ({
  drawCode: `${VN}-${n}`,
  closesAt: `2030-01-${String(n).padStart(2, '0')}T11:00:00.000Z`,
  drawnAt: `2030-01-${String(n).padStart(2, '0')}T11:20:00.000Z`,
  numbers: ['12345', '67801'],
  prizes: { DB: ['12345'], G1: ['67801'] },
  source: 'entered by ops.anna, confirmed by ops.binh',
  corrected: n === 2,
});
/** What the house lottery holds in this test: three settled regional draws, newest first. */
const HOUSE_DRAWS: Record<string, ReturnType<typeof drawOf>[]> = { [VN]: [3, 2, 1].map(drawOf), [KENO]: [] };
const OPEN = { drawCode: `${VN}-4`, closesAt: '2030-01-04T11:00:00.000Z' };

/**
 * The house lottery's `GET /lottery/opened` as it answers (apps/house-games opened-numbers tests
 * hold its rules): pages of its draws; a 400 on `query.game` for a game it does not run; and one
 * game whose answer is broken, to see the platform refuse to pass it on.
 */
function houseLottery(): Server {
  return createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://house');
    const game = url.searchParams.get('game') ?? '';
    const pageNo = Number(url.searchParams.get('pageNo'));
    const pageSize = Number(url.searchParams.get('pageSize'));
    response.setHeader('content-type', 'application/json');
    if (url.pathname !== '/house/lottery/opened') return response.writeHead(404).end('{}');
    if (game === BROKEN) return response.writeHead(200).end('{"draws":"not a list"}');
    const draws = HOUSE_DRAWS[game];
    if (!draws)
      return response.writeHead(400).end(JSON.stringify({ code: 'VALIDATION_FAILED', field: 'query.game' }));
    const page = draws.slice((pageNo - 1) * pageSize, pageNo * pageSize);
    response.writeHead(200).end(
      JSON.stringify({
        game,
        pageNo,
        pageSize,
        total: draws.length,
        draws: page,
        open: game === VN ? OPEN : null,
      }),
    );
  });
}

describeEachDatabase('lottery results calls (spec 7.3: Vietnam menu, recent, opened numbers)', (database) => {
  let app: FastifyInstance;
  let house: Server;
  let other: { code: string };
  let member: Awaited<ReturnType<typeof loggedInMember>>;

  beforeAll(async () => {
    house = houseLottery();
    await new Promise<void>((resolve) => house.listen(0, '127.0.0.1', resolve));
    const db = database().db;
    await houseVendorIfMissing(db);
    other = await testVendor(db, { categories: ['LOTT'], walletMode: 'TRANSFER' });
    const lottery = (code: string, group: string, modes: string[]) => ({
      en: `Draw ${code}`,
      gameType: 'LOTT' as const,
      gameCode: code,
      gameGroupCode: group,
      prizeModes: modes,
    });
    await insertGamesIfMissing(db, [
      testGame(HOUSE_VENDOR_CODE, lottery(VN, 'VN', ['LOTT'])),
      testGame(HOUSE_VENDOR_CODE, lottery(KENO, 'KENO', ['LOTT', 'ELOTT'])),
      testGame(HOUSE_VENDOR_CODE, lottery(BROKEN, 'KENO', ['LOTT'])),
      testGame(HOUSE_VENDOR_CODE, lottery(UNRUN, 'KENO', ['LOTT'])),
      // Another vendor's regional draw: listed, but nobody here holds its results.
      testGame(other.code, lottery(`${VN}-other`, 'VN', ['LOTT'])),
    ]);
    const { port } = house.address() as AddressInfo;
    app = await buildTestApp(database(), {
      HOUSE_GAMES_URL: `http://127.0.0.1:${port}/house`,
      HOUSE_VENDOR_SECRET: 'house-secret-for-lottery-results-tests',
      LOTTERY_PRIZE_MODES: 'LOTT, ELOTT',
    });
    member = await loggedInMember(db);
  });
  afterAll(async () => {
    await app.close();
    await new Promise((resolve) => house.close(resolve));
  });

  const get = async (path: string, query: string, headers: Record<string, string> = {}) => {
    const response = await app.inject({ method: 'GET', url: `${path}?${query}`, headers });
    return { status: response.statusCode, body: response.json() };
  };

  it('when the Vietnam menu is asked (device WEB), then it lists the regional draws of every vendor keyed by game code, and no other draw family', async () => {
    const { status, body } = await get(
      LotteryResultPaths.vnGameMenu,
      'prizeMode=LOTT&device=WEB&language=EN',
    );
    expect(status).toBe(200);
    expect(body.value[VN]).toMatchObject({ vassalage: HOUSE_VENDOR_CODE, gameGroupCode: 'VN' });
    expect(body.value[`${VN}-other`]).toMatchObject({ vassalage: other.code });
    expect(body.value[KENO]).toBeUndefined();
    expect(
      Object.values(body.value).every((game) => (game as { gameGroupCode: string }).gameGroupCode === 'VN'),
    ).toBe(true);
    const elott = await get(LotteryResultPaths.vnGameMenu, 'prizeMode=ELOTT&language=EN');
    expect(elott.body.value[VN]).toBeUndefined();
  });

  it('when a regional draw’s opened numbers are asked, then the page of settled draws comes from its vendor with the tiers, the source, the corrected flag and the open draw', async () => {
    const { status, body } = await get(LotteryResultPaths.vnOpened, `gameCode=${VN}&pageNo=2&pageSize=2`);
    expect(status).toBe(200);
    const value = OpenedNumbersResponseSchema.parse(body).value;
    expect(value).toMatchObject({
      vassalage: HOUSE_VENDOR_CODE,
      gameCode: VN,
      pageNo: 2,
      pageSize: 2,
      total: 3,
      open: OPEN,
    });
    expect(value?.draws).toEqual([drawOf(1)]);
    const first = await get(LotteryResultPaths.vnOpened, `gameCode=${VN}`);
    expect(first.body.value.draws.map((draw: { corrected: boolean }) => draw.corrected)).toEqual([
      false,
      true,
      false,
    ]);
  });

  it('when any game’s opened numbers are asked with a session, then a fast draw answers too; without a session it is 401', async () => {
    expect((await get(LotteryResultPaths.opened, `gameCode=${KENO}`)).status).toBe(401);
    const { status, body } = await get(LotteryResultPaths.opened, `gameCode=${KENO}`, member.headers);
    expect(status).toBe(200);
    expect(body.value).toMatchObject({ gameCode: KENO, total: 0, draws: [], open: null });
    // The Vietnam call is for regional draws only.
    expect((await get(LotteryResultPaths.vnOpened, `gameCode=${KENO}`)).body).toMatchObject({
      code: 'LOTTERY_RESULTS_NOT_FOUND',
    });
  });

  it('when recent results are asked with a session, then each regional draw with results has its latest settled draw and its open one; other vendors’ are left out', async () => {
    expect((await get(LotteryResultPaths.vnRecent, 'language=EN')).status).toBe(401);
    const { status, body } = await get(LotteryResultPaths.vnRecent, 'language=EN', member.headers);
    expect(status).toBe(200);
    const value = VnRecentResponseSchema.parse(body).value ?? [];
    expect(value.find((game) => game.gameCode === VN)).toMatchObject({
      vassalage: HOUSE_VENDOR_CODE,
      gameName: `Draw ${VN}`,
      latest: drawOf(3),
      open: OPEN,
    });
    expect(value.some((game) => game.vassalage === other.code)).toBe(false);
  });

  it('when the game is another vendor’s without results, not run by the lottery, or its answer is broken, then it is a clear 404 or 503, never a 5xx of ours', async () => {
    expect(await get(LotteryResultPaths.vnOpened, `gameCode=${VN}-other`)).toMatchObject({
      status: 404,
      body: { code: 'LOTTERY_RESULTS_NOT_FOUND' },
    });
    expect(await get(LotteryResultPaths.opened, `gameCode=${UNRUN}`, member.headers)).toMatchObject({
      status: 404,
      body: { code: 'LOTTERY_RESULTS_NOT_FOUND' },
    });
    expect(await get(LotteryResultPaths.opened, `gameCode=${BROKEN}`, member.headers)).toMatchObject({
      status: 503,
      body: { code: 'LOTTERY_RESULTS_UNAVAILABLE' },
    });
    expect(
      await get(LotteryResultPaths.opened, `gameCode=${KENO}&vassalage=${other.code}`, member.headers),
    ).toMatchObject({
      status: 404,
    });
  });

  it('when a parameter is bad, then it is a 400 naming it', async () => {
    const cases: [string, string, string][] = [
      [LotteryResultPaths.vnGameMenu, 'prizeMode=ZY&language=EN', 'query.prizeMode'],
      [LotteryResultPaths.vnGameMenu, 'prizeMode=BOGUS&language=EN', 'query.prizeMode'],
      [LotteryResultPaths.vnGameMenu, 'device=MOBILE&language=EN', 'query.device'],
      [LotteryResultPaths.vnGameMenu, 'device=W%00EB&language=EN', 'query.device'],
      [LotteryResultPaths.vnGameMenu, 'language=E%00', 'query.language'],
      [LotteryResultPaths.vnRecent, 'prizeMode=SEA&language=EN', 'query.prizeMode'],
      [LotteryResultPaths.vnOpened, '', 'query.gameCode'],
      [LotteryResultPaths.vnOpened, `gameCode=${VN}&pageNo=0`, 'query.pageNo'],
      [LotteryResultPaths.vnOpened, `gameCode=${VN}&pageNo=1.5`, 'query.pageNo'],
      [LotteryResultPaths.vnOpened, `gameCode=${VN}&pageNo=9223372036854775808`, 'query.pageNo'],
      [LotteryResultPaths.vnOpened, `gameCode=${VN}&pageSize=51`, 'query.pageSize'],
      [LotteryResultPaths.vnOpened, `gameCode=${VN}&vassalage=bad%00`, 'query.vassalage'],
    ];
    for (const [path, query, field] of cases) {
      const isMember = path === LotteryResultPaths.vnRecent;
      const { status, body } = await get(path, query, isMember ? member.headers : {});
      expect({ path, query: query.slice(0, 60), status, field: body.value?.issues?.[0]?.field }).toEqual({
        path,
        query: query.slice(0, 60),
        status: 400,
        field,
      });
    }
    // A bad game code is refused by its shape (400) or, shaped like a code, found nowhere (404):
    // either way a 4xx naming it, on both calls.
    for (const [label, value] of BAD_STRINGS) {
      for (const [path, headers] of [
        [LotteryResultPaths.vnOpened, {}],
        [LotteryResultPaths.opened, member.headers],
      ] as const) {
        const { status, body } = await get(path, `gameCode=${encodeLoosely(value)}`, headers);
        expect({
          label,
          path,
          status: status === 400 || status === 404,
          field: body.value?.issues?.[0]?.field,
        }).toEqual({
          label,
          path,
          status: true,
          field: 'query.gameCode',
        });
      }
    }
  });
});
