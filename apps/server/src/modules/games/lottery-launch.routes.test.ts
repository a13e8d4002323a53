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

const SECRET = 'house-secret-for-lottery-launch-tests';
/** The brand offers LOTT and ELOTT, not ZY or SEA (LOTTERY_PRIZE_MODES). */
const BRAND = {
  HOUSE_GAMES_URL: 'http://127.0.0.1:9/house',
  HOUSE_VENDOR_SECRET: SECRET,
  LOTTERY_PRIZE_MODES: 'LOTT, ELOTT',
};

describeEachDatabase(
  'games: the prize mode a lottery launch carries (spec 7.3 lottoPrizeMode, ADR 056)',
  (database) => {
    let app: FastifyInstance;
    const suffix = Date.now().toString(36);
    const everyMode = testGame(HOUSE_VENDOR_CODE, {
      en: 'Keno every mode',
      gameType: 'LOTT',
      gameCode: `keno-t${suffix}`,
      gameGroupCode: 'KENO',
      prizeModes: ['ZY', 'LOTT', 'ELOTT'],
    });
    const elottOnly = testGame(HOUSE_VENDOR_CODE, {
      en: 'Fast ELOTT only',
      gameType: 'LOTT',
      gameCode: `fast-t${suffix}`,
      gameGroupCode: 'FAST',
      prizeModes: ['ELOTT'],
    });
    const zyOnly = testGame(HOUSE_VENDOR_CODE, {
      en: 'Fast ZY only',
      gameType: 'LOTT',
      gameCode: `zy-t${suffix}`,
      gameGroupCode: 'FAST',
      prizeModes: ['ZY'],
    });
    const slot = testGame(HOUSE_VENDOR_CODE, { en: 'House slot', gameCode: `slot-t${suffix}` });

    beforeAll(async () => {
      const db = database().db;
      await houseVendorIfMissing(db);
      await insertGamesIfMissing(db, [everyMode, elottOnly, zyOnly, slot]);
      app = await buildTestApp(database(), BRAND);
    });
    afterAll(() => app.close());

    const launch = async (headers: Record<string, string>, payload: object) => {
      const response = await app.inject({ method: 'POST', url: GamePaths.launch, headers, payload });
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

    it('when a member launches a lottery game in a mode the site and the game offer, then the signed link carries it; without one, the first mode of the game the site offers', async () => {
      const member = await loggedInMember(database().db);
      const elott = await launch(member.headers, { nodeId: everyMode.nodeId, lottoPrizeMode: 'ELOTT' });
      expect(elott.status).toBe(200);
      const url = new URL(elott.body.value.url);
      expect(url.searchParams.get('prizeMode')).toBe('ELOTT');
      const unsigned = url.search.slice(1, url.search.indexOf('&sig='));
      expect(url.searchParams.get('sig')).toBe(
        houseLaunchSignatureOf(SECRET, url.searchParams.get('ts') ?? '', unsigned),
      );
      // ZY comes first in the game's list, but this site does not offer it.
      const unasked = new URL((await launch(member.headers, { nodeId: everyMode.nodeId })).body.value.url);
      expect(unasked.searchParams.get('prizeMode')).toBe('LOTT');
      const plainSlot = new URL((await launch(member.headers, { nodeId: slot.nodeId })).body.value.url);
      expect(plainSlot.searchParams.has('prizeMode')).toBe(false);
    });

    it('when a launch names a mode the site does not offer, the game does not offer, a game that is no lottery, or no mode at all, then 400 names body.lottoPrizeMode and nothing is remembered', async () => {
      const member = await loggedInMember(database().db);
      const cases: [object, string, string][] = [
        [
          { nodeId: everyMode.nodeId, lottoPrizeMode: 'ZY' },
          'body.lottoPrizeMode',
          'not offered by this site',
        ],
        [
          { nodeId: elottOnly.nodeId, lottoPrizeMode: 'LOTT' },
          'body.lottoPrizeMode',
          'not offered for this game',
        ],
        [{ nodeId: slot.nodeId, lottoPrizeMode: 'LOTT' }, 'body.lottoPrizeMode', 'only for lottery games'],
        [{ nodeId: zyOnly.nodeId }, 'body.nodeId', 'no prize mode this site offers'],
        [{ nodeId: everyMode.nodeId, lottoPrizeMode: 'elott' }, 'body.lottoPrizeMode', 'must be LOTT'],
        [{ nodeId: everyMode.nodeId, lottoPrizeMode: 'ELOTT\u0000' }, 'body.lottoPrizeMode', 'must be LOTT'],
        [{ nodeId: everyMode.nodeId, lottoPrizeMode: '\ud800' }, 'body.lottoPrizeMode', ''],
        [
          { nodeId: everyMode.nodeId, lottoPrizeMode: 'L'.repeat(5_000) },
          'body.lottoPrizeMode',
          'must be LOTT',
        ],
        [{ nodeId: everyMode.nodeId, lottoPrizeMode: 7 }, 'body.lottoPrizeMode', ''],
        [{ nodeId: everyMode.nodeId, lottoPrizeMode: ['ELOTT'] }, 'body.lottoPrizeMode', ''],
      ];
      for (const [payload, field, message] of cases) {
        const answer = await launch(member.headers, payload);
        expect(answer.status, JSON.stringify(payload).slice(0, 80)).toBe(400);
        expect(answer.body.value.issues[0].field).toBe(field);
        expect(answer.body.message).toContain(message);
      }
      expect(await recentCount(member.member.id)).toBe(0);
    });

    it('when the menus of a mode the site does not offer are asked, then 400 names query.prizeMode; an offered mode lists its games', async () => {
      const menus = (query: string) => app.inject({ method: 'GET', url: `${GamePaths.gameMenus}?${query}` });
      for (const mode of ['ZY', 'SEA']) {
        const refused = await menus(`prizeMode=${mode}`);
        expect(refused.statusCode).toBe(400);
        expect(refused.json().value.issues[0]).toEqual({
          field: 'query.prizeMode',
          message: 'is not offered by this site',
        });
      }
      const elott = (await menus(`vassalage=${HOUSE_VENDOR_CODE}&prizeMode=ELOTT`)).json().value;
      expect(Object.keys(elott)).toEqual(expect.arrayContaining([everyMode.gameCode, elottOnly.gameCode]));
      const lott = (await menus(`vassalage=${HOUSE_VENDOR_CODE}&prizeMode=LOTT`)).json().value;
      expect(Object.keys(lott)).toContain(everyMode.gameCode);
      expect(Object.keys(lott)).not.toContain(elottOnly.gameCode);
    });
  },
);
