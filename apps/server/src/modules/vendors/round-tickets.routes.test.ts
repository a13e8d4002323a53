import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BetRecordPaths, RoundTicketsResponseSchema } from '@fortuna/contracts/bet-records';
import { HOUSE_VENDOR_CODE } from '@fortuna/contracts/games';
import { VENDOR_SIGNATURE_HEADER, VENDOR_TIMESTAMP_HEADER } from '@fortuna/contracts/vendor-protocol';
import { timestampedHmacProblem } from '@fortuna/signing/timestamped-hmac';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { BAD_STRINGS, encodeLoosely } from '../../test/bad-values.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { loggedInMember } from '../../test/wallet-fixtures.ts';
import { betRecords } from './vendors.schema.ts';
import { houseVendorIfMissing, playerAt } from './vendors.test-helpers.ts';

const SECRET = 'house-secret-for-round-tickets-tests';
const suffix = Date.now().toString(36);
const BROKEN_ROUND = `s${'b'.repeat(24)}`;

/** A round as the house lottery answers it (apps/house-games round-tickets.routes.test.ts holds its rules). */
const houseRound = (lang: string) => ({
  slipId: 'ignored by the platform',
  drawCode: 'keno-1m-203001010001',
  drawClosesAt: '2030-01-01T00:01:00.000Z',
  status: 'SETTLED',
  tickets: [
    {
      ticketId: 'x-1',
      betType: 'keno-pick-2',
      betTypeName: lang === 'TY' ? 'Pili 2' : 'Pick 2',
      numbers: '7, 21',
      odds: '1: ×0.97 · 2: ×8.73',
      stakeMinor: 1_000,
      payoutMinor: 8_730,
      rebateMinor: 15,
      selection: [7, 21],
    },
  ],
  corrections: [
    {
      seq: 1,
      direction: 'DEBIT',
      amountMinor: 7_760,
      status: 'APPLIED',
      reason: 'feed replayed',
      correctedAt: '2030-01-01T00:10:00.000Z',
    },
  ],
});

/**
 * The house lottery's signed `GET /lottery/rounds/{round}/tickets`: refuses a call not signed with
 * the vendor secret over `<ts>.<path and query>`, answers for the one (round, player) it holds,
 * 404 otherwise, and a broken body for one round. It records what it was asked.
 */
function houseLottery(holds: { round: string; player: string }[], asked: string[]): Server {
  return createServer((request, response) => {
    const path = request.url ?? '/';
    response.setHeader('content-type', 'application/json');
    const problem = timestampedHmacProblem({
      secret: SECRET,
      timestamp: request.headers[VENDOR_TIMESTAMP_HEADER],
      signature: request.headers[VENDOR_SIGNATURE_HEADER],
      payload: path,
      maxSkewSeconds: 300,
    });
    if (problem) return response.writeHead(401).end(JSON.stringify({ code: 'SIGNATURE_INVALID' }));
    asked.push(path);
    const url = new URL(path, 'http://house');
    const round = /^\/lottery\/rounds\/([^/]+)\/tickets$/.exec(url.pathname)?.[1];
    if (round === BROKEN_ROUND) return response.writeHead(200).end('{"success":true,"value":{"tickets":7}}');
    const player = url.searchParams.get('player');
    if (!holds.some((held) => held.round === round && held.player === player))
      return response.writeHead(404).end(JSON.stringify({ code: 'ROUND_NOT_FOUND' }));
    response.writeHead(200).end(
      JSON.stringify({
        success: true,
        code: 'OK',
        value: houseRound(url.searchParams.get('lang') ?? 'EN'),
      }),
    );
  });
}

describeEachDatabase('a lottery round’s tickets in the betting record (ADR 072)', (database) => {
  let app: FastifyInstance;
  let house: Server;
  const holds: { round: string; player: string }[] = [];
  const asked: string[] = [];

  beforeAll(async () => {
    house = houseLottery(holds, asked);
    await new Promise<void>((resolve) => house.listen(0, '127.0.0.1', resolve));
    const db = database().db;
    await houseVendorIfMissing(db);
    const { port } = house.address() as AddressInfo;
    app = await buildTestApp(database(), {
      HOUSE_GAMES_URL: `http://127.0.0.1:${port}`,
      HOUSE_VENDOR_SECRET: SECRET,
    });
  });
  afterAll(async () => {
    await app.close();
    await new Promise((resolve) => house.close(resolve));
  });

  /** A member with a house round of `category`; the house holds it when it is a lottery round. */
  async function memberWithRound(
    category: 'LOTT' | 'RNG' = 'LOTT',
    roundId = `s${suffix}${Math.random().toString(16).slice(2, 10)}`,
  ) {
    const db = database().db;
    const member = await loggedInMember(db);
    const player = await playerAt(db, HOUSE_VENDOR_CODE, member.member.id);
    const [record] = await db
      .insert(betRecords)
      .values({
        vendorCode: HOUSE_VENDOR_CODE,
        roundId,
        memberId: member.member.id,
        gameCode: category === 'LOTT' ? 'keno-1m' : 'lucky-koi',
        category,
        stakeMinor: 1_000n,
        payoutMinor: 8_745n,
        status: 'SETTLED',
      })
      .returning({ id: betRecords.id });
    if (category === 'LOTT') holds.push({ round: roundId, player });
    return { ...member, player, roundId, recordId: (record as { id: bigint }).id.toString() };
  }

  const ticketsOf = async (recordId: string, headers: Record<string, string>, query = 'language=EN') => {
    const response = await app.inject({
      method: 'GET',
      url: `${BetRecordPaths.tickets.replace(':id', recordId)}?${query}`,
      headers,
    });
    return { status: response.statusCode, body: response.json(), text: response.body };
  };

  it('when a member opens a lottery round of their betting record, then its tickets come from the vendor, signed and for their own player id, in their language', async () => {
    const me = await memberWithRound();
    const answer = await ticketsOf(me.recordId, me.headers, 'language=TY');
    expect(answer.status).toBe(200);
    expect(RoundTicketsResponseSchema.parse(answer.body).value).toEqual({
      id: me.recordId,
      roundId: me.roundId,
      drawCode: 'keno-1m-203001010001',
      drawClosesAt: '2030-01-01T00:01:00.000Z',
      tickets: [
        {
          ticketId: 'x-1',
          betType: 'keno-pick-2',
          betTypeName: 'Pili 2',
          numbers: '7, 21',
          odds: '1: ×0.97 · 2: ×8.73',
          stakeMinor: '1000',
          payoutMinor: '8730',
          rebateMinor: '15',
        },
      ],
      corrections: [
        {
          direction: 'DEBIT',
          amountMinor: '7760',
          status: 'APPLIED',
          reason: 'feed replayed',
          correctedAt: '2030-01-01T00:10:00.000Z',
        },
      ],
    });
    expect(asked.at(-1)).toBe(`/lottery/rounds/${me.roundId}/tickets?player=${me.player}&lang=TY`);
  });

  it('when a member asks for another member’s round, then 404 BET_RECORD_NOT_FOUND naming params.id, the vendor is never asked and nothing of the round is in the answer', async () => {
    const owner = await memberWithRound();
    const snoop = await memberWithRound();
    const before = asked.length;
    const answer = await ticketsOf(owner.recordId, snoop.headers);
    expect([answer.status, answer.body.code, answer.body.value?.issues?.[0]?.field]).toEqual([
      404,
      'BET_RECORD_NOT_FOUND',
      'params.id',
    ]);
    expect(answer.text).not.toContain(owner.roundId);
    expect(answer.text).not.toContain('keno');
    expect(asked.length).toBe(before);
    // The same answer for an id nobody has.
    const missing = await ticketsOf('999999999999', snoop.headers);
    expect([missing.status, missing.body.code]).toEqual([404, 'BET_RECORD_NOT_FOUND']);
  });

  it('when the round is not a lottery round, or the vendor holds no such round of the player, then 404 ROUND_TICKETS_NOT_FOUND; a broken vendor answer is 503, never a guess', async () => {
    const slot = await memberWithRound('RNG');
    expect((await ticketsOf(slot.recordId, slot.headers)).body.code).toBe('ROUND_TICKETS_NOT_FOUND');
    const unknown = await memberWithRound('LOTT');
    holds.splice(
      holds.findIndex((held) => held.round === unknown.roundId),
      1,
    );
    const gone = await ticketsOf(unknown.recordId, unknown.headers);
    expect([gone.status, gone.body.code]).toEqual([404, 'ROUND_TICKETS_NOT_FOUND']);
    const broken = await memberWithRound('LOTT', BROKEN_ROUND);
    const refused = await ticketsOf(broken.recordId, broken.headers);
    expect([refused.status, refused.body.code]).toEqual([503, 'ROUND_TICKETS_UNAVAILABLE']);
  });

  it('when nobody is logged in, then 401 before anything is read; bad ids and languages are 400 naming the field, never 5xx', async () => {
    const me = await memberWithRound();
    const before = asked.length;
    expect((await ticketsOf(me.recordId, {})).status).toBe(401);
    const badIds = ['1.5', '99999999999999999999', ...BAD_STRINGS.map(([, value]) => value)];
    for (const id of badIds.filter((value) => value !== '')) {
      const answer = await ticketsOf(encodeLoosely(id), me.headers);
      expect([id.slice(0, 40), answer.status >= 400 && answer.status < 500]).toEqual([id.slice(0, 40), true]);
    }
    for (const language of ['english', 'E\u0000', 'x'.repeat(5_000), '\ud800']) {
      const answer = await ticketsOf(me.recordId, me.headers, `language=${encodeLoosely(language)}`);
      expect([answer.status, answer.body.value?.issues?.[0]?.field]).toEqual([400, 'query.language']);
    }
    expect(asked.length).toBe(before);
    // Many requests, one of them a megabyte long: more than the default time on a loaded machine.
  }, 180_000);
});
