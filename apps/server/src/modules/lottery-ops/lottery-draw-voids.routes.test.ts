import type { IncomingMessage } from 'node:http';
import { OpsLotteryPaths } from '@fortuna/contracts/ops-lottery';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { opsHeaders } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { readyOperator } from '../../test/operator-sessions.ts';
import { loggedInMember } from '../../test/wallet-fixtures.ts';
import { auditLog } from '../operators/operators.schema.ts';
import { appsWithFakeLottery, type Send } from './lottery-ops.test-helpers.ts';

const LOTTERY_TOKEN = 'lottery-operator-token-for-void-tests-0123';
const OPEN_DRAW = 'keno-1m-203803010901';
const DRAWN_DRAW = 'keno-1m-203803010801';
const GARBLED_DRAW = 'keno-1m-203803010701';
const voidOf = (operator: string, reason: string) => ({
  drawCode: OPEN_DRAW,
  operator,
  reason,
  voidedAt: '2038-03-01T09:00:30.000Z',
  slips: 3,
  stakeMinor: 3000,
});

/**
 * The house lottery's void call as this test needs it: the first void of the open draw is kept and
 * answered to every repeat (as the lottery does), a drawn draw is refused, every request kept.
 */
function fakeLottery() {
  const seen: { method: string; url: string; body: unknown }[] = [];
  let first: ReturnType<typeof voidOf> | undefined;
  const answer = async (request: IncomingMessage, send: Send) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    seen.push({
      method: request.method ?? '',
      url: request.url ?? '',
      body: raw ? JSON.parse(raw) : undefined,
    });
    if (request.headers.authorization !== `Bearer ${LOTTERY_TOKEN}`)
      return send(401, { success: false, code: 'OPERATOR_UNAUTHORIZED' });
    const body = raw ? (JSON.parse(raw) as { operator: string; reason: string }) : undefined;
    if (request.method === 'POST' && request.url === `/lottery/operator/draws/${OPEN_DRAW}/void` && body) {
      first ??= voidOf(body.operator, body.reason);
      return send(200, { success: true, code: 'OK', value: first });
    }
    if (request.url === `/lottery/operator/draws/${DRAWN_DRAW}/void`)
      return send(409, {
        success: false,
        code: 'DRAW_DRAWN',
        message: `${DRAWN_DRAW} is drawn: its result stands and is corrected, never voided`,
      });
    if (request.url === `/lottery/operator/draws/${GARBLED_DRAW}/void`)
      return send(200, { success: true, value: { drawCode: 42 } });
    return send(404, { success: false, code: 'DRAW_NOT_FOUND', field: 'params.drawCode' });
  };
  return { answer, seen };
}

describeEachDatabase("operators' void of a lottery draw, audited (ADR 076)", (database) => {
  const lottery = fakeLottery();
  const apps = appsWithFakeLottery(database, LOTTERY_TOKEN, lottery.answer);

  const voidUrl = (code: string) => OpsLotteryPaths.void.replace(':drawCode', code);
  const post = async (url: string, headers: Record<string, string>, payload: unknown, on = apps.app) => {
    const answer = await on.inject({
      method: 'POST',
      url,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
    return { status: answer.statusCode, body: answer.json() };
  };
  const voidAudits = () =>
    database()
      .db.select()
      .from(auditLog)
      .where(eq(auditLog.action, 'lottery.draw.void'))
      .orderBy(auditLog.id);

  it('when FINANCE voids an open draw, then the lottery is asked with the operator as its actor, the void comes back, and one audit row records it; a repeat answers the first void and is audited too', async () => {
    const finance = await readyOperator(apps.app, 'FINANCE');
    const admin = await readyOperator(apps.app, 'ADMIN');
    const answer = await post(voidUrl(OPEN_DRAW), finance.headers, { reason: '  seed host compromised ' });
    expect(answer.status).toBe(200);
    expect(answer.body.value).toEqual(voidOf(`operator:${finance.id}`, 'seed host compromised'));
    expect(lottery.seen.at(-1)).toEqual({
      method: 'POST',
      url: `/lottery/operator/draws/${OPEN_DRAW}/void`,
      body: { operator: `operator:${finance.id}`, reason: 'seed host compromised' },
    });
    const again = await post(voidUrl(OPEN_DRAW), admin.headers, { reason: 'again' });
    expect(again.body.value).toEqual(answer.body.value);
    const audits = await voidAudits();
    expect(audits.map((row) => [row.actor, row.targetType, row.targetId, row.details])).toEqual([
      [`operator:${finance.id}`, 'lottery-draw', OPEN_DRAW, { reason: 'seed host compromised' }],
      [`operator:${admin.id}`, 'lottery-draw', OPEN_DRAW, { reason: 'again' }],
    ]);
  });

  it('when the lottery refuses the void (drawn, unknown) or answers garbled, then the answer says so and no audit row stays', async () => {
    const finance = (await readyOperator(apps.app, 'FINANCE')).headers;
    const before = (await voidAudits()).length;
    expect(await post(voidUrl(DRAWN_DRAW), finance, { reason: 'late' })).toMatchObject({
      status: 409,
      body: { code: 'LOTTERY_DRAW_DRAWN', message: expect.stringContaining('corrected, never voided') },
    });
    expect(await post(voidUrl('keno-1m-209901010001'), finance, { reason: 'typo' })).toMatchObject({
      status: 404,
      body: { code: 'LOTTERY_DRAW_NOT_FOUND', value: { issues: [{ field: 'params.drawCode' }] } },
    });
    expect((await post(voidUrl(GARBLED_DRAW), finance, { reason: 'x' })).status).toBe(503);
    expect(await voidAudits()).toHaveLength(before);
  });

  it('when a SUPPORT operator, a member or nobody voids, then 403 or 401, the lottery is never asked and nothing is audited', async () => {
    const support = (await readyOperator(apps.app, 'SUPPORT')).headers;
    const member = (await loggedInMember(database().db)).headers;
    const before = { seen: lottery.seen.length, audits: (await voidAudits()).length };
    expect((await post(voidUrl(OPEN_DRAW), support, { reason: 'x' })).status).toBe(403);
    expect((await post(voidUrl(OPEN_DRAW), member, { reason: 'x' })).status).toBe(401);
    expect((await post(voidUrl(OPEN_DRAW), {}, { reason: 'x' })).status).toBe(401);
    expect(lottery.seen.length).toBe(before.seen);
    expect(await voidAudits()).toHaveLength(before.audits);
  });

  it('when the input is bad, then 400 names the field, the lottery is not asked and nothing is audited; a site without the lottery’s token answers 404', async () => {
    const finance = (await readyOperator(apps.app, 'FINANCE')).headers;
    const before = { seen: lottery.seen.length, audits: (await voidAudits()).length };
    const refused: [string, unknown, string][] = [
      [voidUrl(OPEN_DRAW), { reason: 'a\u0000b' }, 'body.reason'],
      [voidUrl(OPEN_DRAW), { reason: 'lone \ud800 surrogate' }, 'body.reason'],
      [voidUrl(OPEN_DRAW), { reason: 'r'.repeat(141) }, 'body.reason'],
      [voidUrl(OPEN_DRAW), { reason: 'r'.repeat(5_000) }, 'body.reason'],
      [voidUrl(OPEN_DRAW), { reason: '   ' }, 'body.reason'],
      [voidUrl(OPEN_DRAW), { reason: 42 }, 'body.reason'],
      [voidUrl(OPEN_DRAW), {}, 'body.reason'],
      [voidUrl(OPEN_DRAW), { reason: 'x', operator: 'someone else' }, 'body'],
      [voidUrl('KENO%00'), { reason: 'x' }, 'params.drawCode'],
      [voidUrl('k'.repeat(41)), { reason: 'x' }, 'params.drawCode'],
    ];
    for (const [url, body, field] of refused) {
      const answer = await post(url, finance, body);
      const label = `${url.slice(0, 50)} ${JSON.stringify(body).slice(0, 40)}`;
      expect(answer.status, label).toBe(400);
      expect(answer.body.value?.issues?.[0]?.field, `${label} ${JSON.stringify(answer.body)}`).toBe(field);
    }
    // A body past the platform's limit is refused before it is read.
    expect((await post(voidUrl(OPEN_DRAW), finance, { reason: 'r'.repeat(2_000_000) })).status).toBe(413);
    expect(lottery.seen.length).toBe(before.seen);
    expect(await voidAudits()).toHaveLength(before.audits);
    expect(await post(voidUrl(OPEN_DRAW), opsHeaders, { reason: 'x' }, apps.unconfigured)).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND' },
    });
    expect(await voidAudits()).toHaveLength(before.audits);
  });
});
