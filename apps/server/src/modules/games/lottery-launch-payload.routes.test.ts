import { GamePaths, HOUSE_VENDOR_CODE } from '@fortuna/contracts/games';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { loggedInMember } from '../../test/wallet-fixtures.ts';
import { houseLaunchSignatureOf } from '../vendors/launch-adapter.ts';
import { houseVendorIfMissing } from '../vendors/vendors.test-helpers.ts';
import { insertGamesIfMissing } from './games.store.ts';
import { testGame } from './games.test-helpers.ts';

const SECRET = 'house-secret-for-lottery-payload-tests';
const SITE = 'https://play.example.test';
const BRAND = {
  HOUSE_GAMES_URL: 'http://127.0.0.1:9/house',
  HOUSE_VENDOR_SECRET: SECRET,
  LOTTERY_PRIZE_MODES: 'LOTT, ELOTT, SEA',
  PUBLIC_URL: SITE,
};

describeEachDatabase('games: the lottery launch payload of spec 7.3 (ADR 069)', (database) => {
  let app: FastifyInstance;
  const suffix = Date.now().toString(36);
  const north = testGame(HOUSE_VENDOR_CODE, {
    en: 'North test draw',
    gameType: 'LOTT',
    gameCode: `vn-t${suffix}`,
    gameGroupCode: 'VN',
    prizeModes: ['LOTT'],
  });
  const sea = testGame(HOUSE_VENDOR_CODE, {
    en: 'SEA test draw',
    gameType: 'LOTT',
    gameCode: `sea-t${suffix}`,
    gameGroupCode: 'SEA',
    prizeModes: ['SEA', 'ELOTT'],
  });
  const slot = testGame(HOUSE_VENDOR_CODE, { en: 'House slot', gameCode: `slot-p${suffix}` });

  beforeAll(async () => {
    const db = database().db;
    await houseVendorIfMissing(db);
    await insertGamesIfMissing(db, [north, sea, slot]);
    app = await buildTestApp(database(), BRAND);
  });
  afterAll(() => app.close());

  const launch = async (headers: Record<string, string>, payload: object, url: string = GamePaths.launch) => {
    const response = await app.inject({ method: 'POST', url, headers, payload });
    return { status: response.statusCode, body: response.json() };
  };
  const recentCount = async (memberId: bigint) =>
    Number(
      (
        (await database().db.execute(
          sql`select count(*)::int as n from recent_games where member_id = ${memberId}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows?.[0]?.n ?? 0,
    );

  it("when a member sends the spec's payload without a nodeId, then the game is found by lottoGameCode and the signed link carries the view, the device and the Back link made absolute on this site", async () => {
    const member = await loggedInMember(database().db);
    const answer = await launch(member.headers, {
      launchMode: 'LOTT',
      lottoArea: 'VN',
      lottoGameCode: north.gameCode,
      lottoPrizeMode: 'LOTT',
      lottoView: 'betting',
      device: 'MOBILE',
      backUrl: '/vnLottery?gameCode=vn-north',
      language: 'TY',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.value.nodeId).toBe(String(north.nodeId));
    const url = new URL(answer.body.value.url);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      game: north.gameCode,
      lang: 'TY',
      prizeMode: 'LOTT',
      view: 'betting',
      device: 'MOBILE',
      back: `${SITE}/vnLottery?gameCode=vn-north`,
    });
    const unsigned = url.search.slice(1, url.search.indexOf('&sig='));
    expect(url.searchParams.get('sig')).toBe(
      houseLaunchSignatureOf(SECRET, url.searchParams.get('ts') ?? '', unsigned),
    );
    expect(await recentCount(member.member.id)).toBe(1);
  });

  it('when the lobby view names only an area, then the first playable draw of that area opens its list of draws', async () => {
    const member = await loggedInMember(database().db);
    const answer = await launch(member.headers, {
      launchMode: 'LOTT',
      lottoArea: 'SEA',
      lottoView: 'lobby',
      language: 'EN',
    });
    expect(answer.status).toBe(200);
    const url = new URL(answer.body.value.url);
    expect(url.searchParams.get('view')).toBe('lobby');
    expect(url.searchParams.get('device')).toBe('WEB');
    expect(url.searchParams.has('back')).toBe(false);
    const group = (
      (await database().db.execute(
        sql`select game_group_code as "group" from games where node_id = ${Number(answer.body.value.nodeId)}`,
      )) as unknown as { rows: { group: string }[] }
    ).rows[0]?.group;
    expect(group).toBe('SEA');
  });

  it('when a game that is no lottery is launched, then its link carries no lottery page fields; lottery fields on it are refused naming them', async () => {
    const member = await loggedInMember(database().db);
    const plain = new URL((await launch(member.headers, { nodeId: slot.nodeId })).body.value.url);
    for (const param of ['view', 'device', 'back']) expect(plain.searchParams.has(param)).toBe(false);
    const refused = await launch(member.headers, { nodeId: slot.nodeId, device: 'MOBILE' });
    expect(refused.status).toBe(400);
    expect(refused.body.value.issues[0]).toEqual({
      field: 'body.device',
      message: 'is only for lottery games',
    });
  });

  it('when a Back link leads off this site, then 400 names body.backUrl; a URL on the site itself is kept', async () => {
    const member = await loggedInMember(database().db);
    const refusedUrls = [
      'https://evil.example/lott',
      '//evil.example/lott',
      '/\\evil.example',
      'javascript:alert(1)',
      `${SITE}.evil.example/lott`,
      'http://play.example.test/lott',
      '/lott\n',
      'lott',
      `/${'a'.repeat(600)}`,
    ];
    for (const backUrl of refusedUrls) {
      const answer = await launch(member.headers, { nodeId: north.nodeId, backUrl });
      expect(answer.status, backUrl.slice(0, 40)).toBe(400);
      expect(answer.body.value.issues[0].field).toBe('body.backUrl');
    }
    const kept = await launch(member.headers, { nodeId: north.nodeId, backUrl: `${SITE}/lott#top` });
    expect(new URL(kept.body.value.url).searchParams.get('back')).toBe(`${SITE}/lott#top`);
  });

  it('when the payload is bad, then 400 (or 404 for an unknown game) names the field and nothing is remembered', async () => {
    const member = await loggedInMember(database().db);
    const lott = { launchMode: 'LOTT', language: 'EN' };
    const cases: [object, number, string, string][] = [
      [{ ...lott, lottoGameCode: 'no-such-draw' }, 404, 'body.lottoGameCode', 'no lottery game'],
      [{ ...lott, lottoGameCode: 'VN-NORTH' }, 400, 'body.lottoGameCode', 'lottery game code'],
      [{ ...lott, lottoGameCode: 'vn\u0000north' }, 400, 'body.lottoGameCode', ''],
      [{ ...lott, lottoGameCode: '\ud800' }, 400, 'body.lottoGameCode', ''],
      [{ ...lott, lottoGameCode: 'a'.repeat(5_000) }, 400, 'body.lottoGameCode', ''],
      [{ ...lott, lottoGameCode: 12 }, 400, 'body.lottoGameCode', ''],
      [
        { ...lott, lottoGameCode: north.gameCode, lottoArea: 'SEA' },
        400,
        'body.lottoArea',
        'is not the area',
      ],
      [{ ...lott, lottoGameCode: north.gameCode, lottoArea: 'MOON' }, 400, 'body.lottoArea', 'must be VN'],
      [
        { ...lott, lottoGameCode: north.gameCode, lottoView: 'grid' },
        400,
        'body.lottoView',
        'betting or lobby',
      ],
      [{ ...lott, lottoGameCode: north.gameCode, lottoView: ['lobby'] }, 400, 'body.lottoView', ''],
      [{ ...lott, lottoGameCode: north.gameCode, device: 'TV' }, 400, 'body.device', 'WEB or MOBILE'],
      [{ ...lott, lottoGameCode: north.gameCode, device: 'WEB\u0000' }, 400, 'body.device', ''],
      [{ ...lott, lottoGameCode: north.gameCode, backUrl: 5 }, 400, 'body.backUrl', ''],
      [{ ...lott, lottoGameCode: north.gameCode, backUrl: '/lott\u0000' }, 400, 'body.backUrl', ''],
      [
        { ...lott, lottoGameCode: north.gameCode, launchMode: 'SLOT' },
        400,
        'body.launchMode',
        'must be LOTT',
      ],
      [{ language: 'EN', lottoGameCode: north.gameCode }, 400, 'body.launchMode', 'must be LOTT'],
      [
        { ...lott, nodeId: north.nodeId, lottoGameCode: sea.gameCode },
        400,
        'body.lottoGameCode',
        'not the code',
      ],
      [{ ...lott, lottoView: 'lobby' }, 400, 'body.nodeId', 'name the game'],
      [{ ...lott, lottoArea: 'VN' }, 400, 'body.nodeId', 'name the game'],
      [{ language: 'EN' }, 400, 'body.nodeId', 'name the game'],
      [
        { ...lott, lottoGameCode: north.gameCode, language: 'english' },
        400,
        'body.language',
        'language code',
      ],
    ];
    for (const [payload, status, field, message] of cases) {
      const answer = await launch(member.headers, payload);
      expect(answer.status, JSON.stringify(payload).slice(0, 100)).toBe(status);
      expect(answer.body.value.issues[0].field, JSON.stringify(payload).slice(0, 100)).toBe(field);
      expect(answer.body.message).toContain(message);
    }
    expect(await recentCount(member.member.id)).toBe(0);
  });

  it('when a visitor free-plays with the payload, then the same rules hold and the link is a demo one', async () => {
    const answer = await launch(
      {},
      { launchMode: 'LOTT', lottoGameCode: sea.gameCode, lottoPrizeMode: 'SEA', language: 'EN' },
      GamePaths.guestLaunch,
    );
    expect(answer.status).toBe(200);
    const url = new URL(answer.body.value.url);
    expect(url.searchParams.get('demo')).toBe('1');
    expect(url.searchParams.get('view')).toBe('betting');
  });
});
