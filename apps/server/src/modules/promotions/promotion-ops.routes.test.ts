import { PromotionOpsPaths } from '@fortuna/contracts/promotions';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FIRST_DEPOSIT_PROMOTION_CODE, seedFirstDepositPromotion } from '../../seed/promotions.ts';
import { buildTestApp } from '../../test/app.ts';
import { PAST_BIGINT } from '../../test/bad-values.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { readyOperator } from '../../test/operator-sessions.ts';
import { loggedInMember } from '../../test/wallet-fixtures.ts';
import { auditLog } from '../operators/operators.schema.ts';
import { promotions as promotionsTable } from './promotions.schema.ts';
import { findPromotionByCode } from './promotions.store.ts';
import { creditDeposit, testPromotions } from './promotions.test-helpers.ts';

describeEachDatabase('operators and promotions', (database) => {
  const db = () => database().db;
  let app: FastifyInstance;
  let admin: Record<string, string>;
  let finance: Record<string, string>;
  let id: string;
  beforeAll(async () => {
    await db().execute(sql`update promotions set status = 'ENDED'`);
    await seedFirstDepositPromotion(db());
    id = String((await findPromotionByCode(db(), FIRST_DEPOSIT_PROMOTION_CODE))?.id);
    app = await buildTestApp(database());
    admin = (await readyOperator(app, 'ADMIN')).headers;
    finance = (await readyOperator(app, 'FINANCE')).headers;
  });
  afterAll(async () => {
    await app.close();
  });
  const setStatus = (target: string, payload: unknown, headers = admin) =>
    app.inject({
      method: 'POST',
      url: PromotionOpsPaths.status.replace(':id', target),
      headers,
      payload: payload as Record<string, unknown>,
    });
  const statusChanges = async () =>
    (await db().select().from(auditLog).where(eq(auditLog.action, 'promotion.status.set'))).length;
  const firstDepositGrants = async () => {
    const { ledger, promotions } = testPromotions(db());
    const member = await createMember(db());
    return creditDeposit(db(), ledger, promotions, {
      memberId: member.id,
      amountMinor: 10_000n,
      first: true,
    });
  };

  it('when FINANCE lists promotions, then each shows its terms, budget, spend and grants; an ADMIN pauses (no grant), resumes (grants) and ends it for good, each audited', async () => {
    expect(await firstDepositGrants()).toHaveLength(1);
    const list = await app.inject({ method: 'GET', url: PromotionOpsPaths.promotions, headers: finance });
    expect(list.statusCode).toBe(200);
    expect(list.json().value.promotions.find((row: { id: string }) => row.id === id)).toMatchObject({
      code: FIRST_DEPOSIT_PROMOTION_CODE,
      title: 'First deposit doubled',
      status: 'ACTIVE',
      trigger: 'FIRST_DEPOSIT',
      budgetMinor: '1000000000',
      spentMinor: '10000',
      grants: 1,
      activeGrants: 1,
    });
    const before = await statusChanges();
    expect((await setStatus(id, { status: 'PAUSED', reason: 'budget review' }, finance)).statusCode).toBe(
      403,
    );
    const paused = await setStatus(id, { status: 'PAUSED', reason: 'budget review' });
    expect(paused.statusCode).toBe(200);
    expect(paused.json().value.status).toBe('PAUSED');
    expect(await firstDepositGrants()).toEqual([]);
    expect((await setStatus(id, { status: 'ACTIVE', reason: 'reviewed' })).statusCode).toBe(200);
    expect(await firstDepositGrants()).toHaveLength(1);
    expect((await setStatus(id, { status: 'ENDED', reason: 'campaign over' })).statusCode).toBe(200);
    const again = await setStatus(id, { status: 'ACTIVE', reason: 'try again' });
    expect(again.statusCode).toBe(409);
    expect(await firstDepositGrants()).toEqual([]);
    expect(await statusChanges()).toBe(before + 3);
  });

  it('when a status call carries bad input or no operator, then 4xx naming the field and nothing changes', async () => {
    const before = await db().select().from(promotionsTable);
    const cases: [string, unknown, number, string][] = [
      [PAST_BIGINT, { status: 'PAUSED', reason: 'beyond the column' }, 400, 'id'],
      ['abc', { status: 'PAUSED', reason: 'not a number' }, 400, 'id'],
      ['999999999', { status: 'PAUSED', reason: 'nobody' }, 404, 'promotion'],
      [id, { status: 'STOPPED', reason: 'unknown status' }, 400, 'status'],
      [id, { status: 1, reason: 'wrong type' }, 400, 'status'],
      [id, { status: 'PAUSED', reason: 'a\u0000b with NUL' }, 400, 'reason'],
      [id, { status: 'PAUSED', reason: '\ud800 lone surrogate' }, 400, 'reason'],
      [id, { status: 'PAUSED', reason: 'x'.repeat(501) }, 400, 'reason'],
      [id, { status: 'PAUSED' }, 400, 'reason'],
    ];
    for (const [target, payload, status, field] of cases) {
      const answer = await setStatus(target, payload);
      expect(answer.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(status);
      expect(answer.body).toContain(field);
    }
    expect((await app.inject({ method: 'GET', url: PromotionOpsPaths.promotions })).statusCode).toBe(401);
    const member = await loggedInMember(db());
    expect((await setStatus(id, { status: 'PAUSED', reason: 'member' }, member.headers)).statusCode).toBe(
      401,
    );
    expect(await db().select().from(promotionsTable)).toEqual(before);
  });
});
