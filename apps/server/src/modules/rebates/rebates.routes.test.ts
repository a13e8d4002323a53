import { OpsPaths } from '@fortuna/contracts/ops';
import {
  RebateAccruedResponseSchema,
  RebateClaimResponseSchema,
  RebateOpsPaths,
  RebatePaths,
  RebatePayoutsResponseSchema,
  RebateRatesResponseSchema,
} from '@fortuna/contracts/rebates';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, opsHeaders } from '../../test/app.ts';
import { PAST_BIGINT } from '../../test/bad-values.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { readyOperator } from '../../test/operator-sessions.ts';
import { loggedInMember } from '../../test/wallet-fixtures.ts';
import { auditLog } from '../operators/operators.schema.ts';
import { rebateRates } from './rebates.schema.ts';
import { rebatesPaidTo, recordPlay } from './rebates.test-helpers.ts';

type Headers = Record<string, string>;

describeEachDatabase('rebate calls', (database) => {
  let app: FastifyInstance;
  let admin: Headers;
  let finance: Headers;
  const db = () => database().db;
  const ratePath = (level: string, category: string) =>
    RebateOpsPaths.rate.replace(':level', level).replace(':category', category);
  const setRate = (level: string, category: string, payload: unknown, headers: Headers = admin) =>
    app.inject({ method: 'PUT', url: ratePath(level, category), headers, payload: payload as object });
  const switchManualRebate = (enabled: boolean) =>
    app.inject({
      method: 'PUT',
      url: OpsPaths.module.replace(':modId', 'MANPLAYREB3'),
      headers: opsHeaders,
      payload: { enabled },
    });
  const rateChanges = async () =>
    (await db().select().from(auditLog).where(eq(auditLog.action, 'rebate.rate.set'))).length;

  beforeAll(async () => {
    app = await buildTestApp(database());
    admin = (await readyOperator(app, 'ADMIN')).headers;
    finance = (await readyOperator(app, 'FINANCE')).headers;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('when an ADMIN sets a rate, then it is audited and read back; FINANCE may read but not set', async () => {
    const before = await rateChanges();
    const set = await setRate('DEFAULT', 'RNG', { rateBp: 120, reason: 'launch cashback' });
    expect(set.statusCode).toBe(200);
    expect(set.json().value).toMatchObject({ level: 'DEFAULT', category: 'RNG', rateBp: 120 });
    expect(await rateChanges()).toBe(before + 1);
    const read = await app.inject({ method: 'GET', url: RebateOpsPaths.rates, headers: finance });
    const rates = RebateRatesResponseSchema.parse(read.json()).value?.rates ?? [];
    expect(rates.find((rate) => rate.category === 'RNG')?.rateBp).toBe(120);
    expect(rates.find((rate) => rate.category === 'LIVE')).toMatchObject({ rateBp: 0, updatedAt: null });
    const refused = await setRate('DEFAULT', 'RNG', { rateBp: 9_999, reason: 'not mine to set' }, finance);
    expect(refused.statusCode).toBe(403);
    expect(await rateChanges()).toBe(before + 1);
  });

  it('when a rate call carries bad input, then it answers 400 naming the field and changes nothing', async () => {
    const before = await db().select().from(rebateRates);
    const cases: [string, string, unknown, string][] = [
      ['GOLD', 'RNG', { rateBp: 10, reason: 'unknown level' }, 'level'],
      ['DEFAULT', 'LOTTERY', { rateBp: 10, reason: 'unknown category' }, 'category'],
      ['DEFAULT', 'RNG', { rateBp: 10_001, reason: 'above 100%' }, 'rateBp'],
      ['DEFAULT', 'RNG', { rateBp: -1, reason: 'negative' }, 'rateBp'],
      ['DEFAULT', 'RNG', { rateBp: 1.5, reason: 'fraction' }, 'rateBp'],
      ['DEFAULT', 'RNG', { rateBp: '10', reason: 'a string' }, 'rateBp'],
      ['DEFAULT', 'RNG', { rateBp: 10, reason: 'a\u0000b with NUL' }, 'reason'],
      ['DEFAULT', 'RNG', { rateBp: 10, reason: '\ud800 lone surrogate' }, 'reason'],
      ['DEFAULT', 'RNG', { rateBp: 10, reason: 'x'.repeat(501) }, 'reason'],
      ['DEFAULT', 'RNG', { rateBp: 10 }, 'reason'],
    ];
    for (const [level, category, payload, field] of cases) {
      const answer = await setRate(level, category, payload);
      expect(answer.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(answer.body).toContain(field);
    }
    // A body past the operators' limit is refused before it is parsed.
    expect((await setRate('DEFAULT', 'RNG', { rateBp: 10, reason: 'x'.repeat(1_000_000) })).statusCode).toBe(
      413,
    );
    expect(await db().select().from(rebateRates)).toEqual(before);
  });

  it('when the payouts query is bad, then 400 names the field', async () => {
    for (const [query, field] of [
      [`day=2026-13-01`, 'day'],
      [`day=2026-03-01&memberId=${PAST_BIGINT}`, 'memberId'],
      [`day=2026-03-01&memberId=abc`, 'memberId'],
      [`day=${encodeURIComponent('2026-03-01\u0000')}`, 'day'],
      ['', 'day'],
    ] as const) {
      const answer = await app.inject({
        method: 'GET',
        url: `${RebateOpsPaths.payouts}?${query}`,
        headers: admin,
      });
      expect(answer.statusCode, query).toBe(400);
      expect(answer.body).toContain(field);
    }
  });

  it('when a member without a session or an operator without one calls, then 401 before anything is read', async () => {
    expect((await app.inject({ method: 'POST', url: RebatePaths.claim })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: RebatePaths.accrued })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: RebateOpsPaths.rates })).statusCode).toBe(401);
    const member = await loggedInMember(db());
    expect(
      (await app.inject({ method: 'GET', url: RebateOpsPaths.rates, headers: member.headers })).statusCode,
    ).toBe(401);
  });

  it('when MANPLAYREB3 is on and a member claims twice at once, then the accrual is paid once and the payouts list shows it', async () => {
    expect((await setRate('DEFAULT', 'FISH', { rateBp: 200, reason: 'fishing week' })).statusCode).toBe(200);
    const member = await loggedInMember(db());
    await recordPlay(db(), {
      memberId: member.member.id,
      at: new Date(),
      category: 'FISH',
      validMinor: 25_000n,
    });

    expect((await switchManualRebate(false)).statusCode).toBe(200);
    const off = await app.inject({ method: 'POST', url: RebatePaths.claim, headers: member.headers });
    expect(off.statusCode).toBe(403);
    expect(off.json().code).toBe('FEATURE_DISABLED');

    expect((await switchManualRebate(true)).statusCode).toBe(200);
    const accrued = await app.inject({ method: 'GET', url: RebatePaths.accrued, headers: member.headers });
    const value = RebateAccruedResponseSchema.parse(accrued.json()).value;
    expect(value?.claimEnabled).toBe(true);
    expect(value?.categories.find((row) => row.category === 'FISH')).toMatchObject({ accruedMinor: '500' });

    const [first, second] = await Promise.all([
      app.inject({ method: 'POST', url: RebatePaths.claim, headers: member.headers }),
      app.inject({ method: 'POST', url: RebatePaths.claim, headers: member.headers }),
    ]);
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([200, 409]);
    const paid = [first, second].find((answer) => answer?.statusCode === 200);
    expect(RebateClaimResponseSchema.parse(paid?.json()).value).toMatchObject({
      claimedMinor: '500',
      balanceMinor: '500',
    });
    expect(await rebatesPaidTo(db(), member.member.id)).toBe(500n);

    // The seeded site runs at +08:00.
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const list = await app.inject({
      method: 'GET',
      url: `${RebateOpsPaths.payouts}?day=${today}&memberId=${member.member.id}`,
      headers: finance,
    });
    expect(list.statusCode).toBe(200);
    expect(RebatePayoutsResponseSchema.parse(list.json()).value?.items).toMatchObject([
      { memberId: member.member.id.toString(), category: 'FISH', claimedMinor: '500', jobMinor: '0' },
    ]);
    await switchManualRebate(false);
  });
});
