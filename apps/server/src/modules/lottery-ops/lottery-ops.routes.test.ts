import type { IncomingMessage } from 'node:http';
import { OpsLotteryPaths } from '@fortuna/contracts/ops-lottery';
import { expect, it } from 'vitest';
import { opsHeaders } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { readyOperator } from '../../test/operator-sessions.ts';
import { loggedInMember } from '../../test/wallet-fixtures.ts';
import { appsWithFakeLottery, type Send } from './lottery-ops.test-helpers.ts';

const LOTTERY_TOKEN = 'lottery-operator-token-for-ops-tests-0123';
const DRAW = {
  drawCode: 'keno-1m-203803010901',
  gameCode: 'keno-1m',
  family: 'keno',
  opensAt: '2038-03-01T09:00:00.000Z',
  closesAt: '2038-03-01T09:01:00.000Z',
  state: 'OPEN',
  drawnAt: null,
  liveSlips: 1,
  liveStakeMinor: 1000,
  settledSlips: 0,
  refusedSlips: 0,
  corrected: false,
};
const LIABILITY = {
  drawCode: DRAW.drawCode,
  gameCode: 'keno-1m',
  closesAt: DRAW.closesAt,
  drawn: false,
  capMinor: 37_830,
  liveSlips: 1,
  liveStakeMinor: 1000,
  settledSlips: 0,
  outcomes: [{ outcome: 'keno-pick-1:7', exposureMinor: 3783, headroomMinor: 34_047 }],
};

/** The house lottery's operator calls as this test needs them: canned answers, every request kept. */
function fakeLottery() {
  const seen: { url: string; authorization: string | undefined }[] = [];
  const answer = (request: IncomingMessage, send: Send) => {
    seen.push({ url: request.url ?? '', authorization: request.headers.authorization });
    if (request.headers.authorization !== `Bearer ${LOTTERY_TOKEN}`)
      return send(401, { success: false, code: 'OPERATOR_UNAUTHORIZED' });
    const url = new URL(request.url ?? '/', 'http://lottery.test');
    if (url.pathname === '/lottery/operator/draws') {
      if (url.searchParams.get('game') === 'lucky-koi')
        return send(400, { success: false, field: 'query.game', message: 'query.game: is no lottery game' });
      if (url.searchParams.get('game') === 'garbled')
        return send(200, { success: true, value: { draws: 'x' } });
      return send(200, {
        success: true,
        value: { from: '2038-03-01T08:00:00.000Z', to: '2038-03-02T08:00:00.000Z', draws: [DRAW] },
      });
    }
    if (url.pathname === `/lottery/operator/draws/${DRAW.drawCode}/liability`)
      return send(200, { success: true, code: 'OK', value: LIABILITY });
    return send(404, { success: false, code: 'DRAW_NOT_FOUND', field: 'params.drawCode' });
  };
  return { answer, seen };
}

describeEachDatabase("operators' lottery back office: calendar and liability (ADR 069)", (database) => {
  const lottery = fakeLottery();
  const apps = appsWithFakeLottery(database, LOTTERY_TOKEN, lottery.answer);

  const get = async (url: string, headers: Record<string, string>, on = apps.app) => {
    const answer = await on.inject({ method: 'GET', url, headers });
    return { status: answer.statusCode, body: answer.json() };
  };
  const liabilityUrl = (code: string) => OpsLotteryPaths.liability.replace(':drawCode', code);

  it("when FINANCE or ADMIN asks, then the lottery's calendar and a draw's liability come through, asked with the lottery's operator token", async () => {
    const finance = (await readyOperator(apps.app, 'FINANCE')).headers;
    const admin = (await readyOperator(apps.app, 'ADMIN')).headers;
    const calendar = await get(`${OpsLotteryPaths.draws}?from=2038-03-01T08:00:00Z&game=keno-1m`, finance);
    expect(calendar.status).toBe(200);
    expect(calendar.body.value.draws).toEqual([DRAW]);
    expect(lottery.seen.at(-1)).toEqual({
      url: '/lottery/operator/draws?from=2038-03-01T08%3A00%3A00Z&game=keno-1m',
      authorization: `Bearer ${LOTTERY_TOKEN}`,
    });
    const liability = await get(liabilityUrl(DRAW.drawCode), admin);
    expect(liability).toMatchObject({ status: 200, body: { value: LIABILITY } });
    expect(await get(liabilityUrl('keno-1m-209901010000'), admin)).toMatchObject({
      status: 404,
      body: { code: 'LOTTERY_DRAW_NOT_FOUND', value: { issues: [{ field: 'params.drawCode' }] } },
    });
  });

  it('when a SUPPORT operator, a member or nobody asks, then 403 or 401 and the lottery is never asked', async () => {
    const support = (await readyOperator(apps.app, 'SUPPORT')).headers;
    const member = (await loggedInMember(database().db)).headers;
    const before = lottery.seen.length;
    for (const url of [OpsLotteryPaths.draws, liabilityUrl(DRAW.drawCode)]) {
      expect((await get(url, support)).status).toBe(403);
      expect((await get(url, member)).status).toBe(401);
      expect((await get(url, {})).status).toBe(401);
    }
    expect(lottery.seen.length).toBe(before);
  });

  it('when the input is bad, then 400 names the field and the lottery is not asked; a field the lottery refuses is named too; a garbled lottery is 503, a site without the lottery’s token 404', async () => {
    const finance = (await readyOperator(apps.app, 'FINANCE')).headers;
    const before = lottery.seen.length;
    const refused: [string, string][] = [
      [`${OpsLotteryPaths.draws}?from=yesterday`, 'query.from'],
      [`${OpsLotteryPaths.draws}?to=2038-03-01%0012:00Z`, 'query.to'],
      [`${OpsLotteryPaths.draws}?game=KENO`, 'query.game'],
      [`${OpsLotteryPaths.draws}?game=${'k'.repeat(5000)}`, 'query.game'],
      [`${OpsLotteryPaths.draws}?game=%ED%A0%80`, 'query.game'],
      // An unknown parameter is named in the message; the field is the query, as on every call.
      [`${OpsLotteryPaths.draws}?state=OPEN`, 'query'],
      [liabilityUrl('KENO%00'), 'params.drawCode'],
      [liabilityUrl('k'.repeat(41)), 'params.drawCode'],
    ];
    for (const [url, field] of refused) {
      const answer = await get(url, finance);
      expect(answer.status, url.slice(0, 60)).toBe(400);
      expect(answer.body.value.issues[0].field, url.slice(0, 60)).toBe(field);
    }
    expect(lottery.seen.length).toBe(before);
    expect(await get(`${OpsLotteryPaths.draws}?game=lucky-koi`, finance)).toMatchObject({
      status: 400,
      body: { value: { issues: [{ field: 'query.game', message: 'is no lottery game' }] } },
    });
    expect((await get(`${OpsLotteryPaths.draws}?game=garbled`, finance)).status).toBe(503);
    expect(await get(OpsLotteryPaths.draws, opsHeaders, apps.unconfigured)).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND' },
    });
  });
});
