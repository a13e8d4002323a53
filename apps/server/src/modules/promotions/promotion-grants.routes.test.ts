import { PromotionOpsPaths } from '@fortuna/contracts/promotions';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { PAST_BIGINT } from '../../test/bad-values.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { readyOperator } from '../../test/operator-sessions.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import { auditLog } from '../operators/operators.schema.ts';
import { balanceByKind, onlyPromotion } from './promotions.test-helpers.ts';

describeEachDatabase('bonuses granted and revoked by hand', (database) => {
  const db = () => database().db;
  let app: FastifyInstance;
  let admin: Record<string, string>;
  let finance: Record<string, string>;
  let support: Record<string, string>;
  beforeAll(async () => {
    app = await buildTestApp(database());
    admin = (await readyOperator(app, 'ADMIN')).headers;
    finance = (await readyOperator(app, 'FINANCE')).headers;
    support = (await readyOperator(app, 'SUPPORT')).headers;
  });
  afterAll(async () => {
    await app.close();
  });
  const grant = (promotionId: string, payload: unknown, headers = finance) =>
    app.inject({
      method: 'POST',
      url: PromotionOpsPaths.grants.replace(':id', promotionId),
      headers,
      payload: payload as Record<string, unknown>,
    });
  const revoke = (grantId: string, payload: unknown, headers = finance) =>
    app.inject({
      method: 'POST',
      url: PromotionOpsPaths.revoke.replace(':id', grantId),
      headers,
      payload: payload as Record<string, unknown>,
    });
  const spentOf = async (promotionId: bigint) => {
    const result = (await db().execute(
      sql`select spent_minor::text as spent from promotions where id = ${promotionId}`,
    )) as unknown as { rows: { spent: string }[] };
    return BigInt(result.rows[0]?.spent ?? '-1');
  };
  const audits = async (action: string) =>
    (await db().select().from(auditLog).where(eq(auditLog.action, action))).length;

  it('when FINANCE grants a bonus by hand, then it comes from the budget into the bonus balance under the wagering terms; revoking it returns it to the budget through the ledger; both audited', async () => {
    const promotion = await onlyPromotion(db());
    const member = await createMember(db());
    const [grantsBefore, revokesBefore] = [await audits('bonus.grant'), await audits('bonus.revoke')];
    expect(
      (
        await grant(
          promotion.id.toString(),
          { memberId: member.id.toString(), amountMinor: '2500', reason: 'goodwill' },
          support,
        )
      ).statusCode,
    ).toBe(403);

    const granted = await grant(promotion.id.toString(), {
      memberId: member.id.toString(),
      amountMinor: '2500',
      reason: 'goodwill for a lost round',
    });
    expect(granted.statusCode).toBe(200);
    // 5 × the bonus (no deposit).
    expect(granted.json().value).toMatchObject({
      bonusMinor: '2500',
      requiredMinor: '12500',
      status: 'ACTIVE',
    });
    expect(await balanceByKind(db(), member.id, 'MEMBER_BONUS')).toBe(2_500n);
    expect(await spentOf(promotion.id)).toBe(2_500n);
    // The per-member limit (1) holds for grants by hand too.
    expect(
      (
        await grant(promotion.id.toString(), {
          memberId: member.id.toString(),
          amountMinor: '100',
          reason: 'again',
        })
      ).statusCode,
    ).toBe(409);

    const id = granted.json().value.id as string;
    expect((await revoke(id, { reason: 'granted by mistake' }, support)).statusCode).toBe(403);
    const revoked = await revoke(id, { reason: 'granted by mistake' });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().value).toMatchObject({
      status: 'FORFEITED',
      closedReason: 'REVOKED: granted by mistake',
    });
    expect(await balanceByKind(db(), member.id, 'MEMBER_BONUS')).toBe(0n);
    expect(await spentOf(promotion.id)).toBe(0n);
    expect((await revoke(id, { reason: 'twice' })).statusCode).toBe(409);
    expect(await audits('bonus.grant')).toBe(grantsBefore + 1);
    expect(await audits('bonus.revoke')).toBe(revokesBefore + 1);
    expect((await reconcile(db())).problems).toEqual([]);
  });

  it('when one bonus is revoked twice at once, then it is revoked once and returned to the budget once', async () => {
    const promotion = await onlyPromotion(db());
    const member = await createMember(db());
    const granted = await grant(promotion.id.toString(), {
      memberId: member.id.toString(),
      amountMinor: '4000',
      reason: 'contest prize',
    });
    const id = granted.json().value.id as string;
    const answers = await Promise.all([
      revoke(id, { reason: 'first' }),
      revoke(id, { reason: 'second' }, admin),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await spentOf(promotion.id)).toBe(0n);
    expect(await balanceByKind(db(), member.id, 'MEMBER_BONUS')).toBe(0n);
    expect((await reconcile(db())).problems).toEqual([]);
  });

  it('when a grant or revocation carries bad input, a paused promotion or a budget too small, then 4xx naming the field and nothing is written', async () => {
    const promotion = await onlyPromotion(db(), { budgetMinor: 1_000n });
    const member = await createMember(db());
    const target = promotion.id.toString();
    const good = { memberId: member.id.toString(), amountMinor: '500', reason: 'fine reason' };
    const cases: [string, unknown, number, string][] = [
      [PAST_BIGINT, good, 400, 'id'],
      ['999999999', good, 404, 'promotion'],
      [target, { ...good, memberId: PAST_BIGINT }, 400, 'memberId'],
      [target, { ...good, memberId: '999999999' }, 404, 'memberId'],
      [target, { ...good, memberId: 12 }, 400, 'memberId'],
      [target, { ...good, amountMinor: '0' }, 400, 'amountMinor'],
      [target, { ...good, amountMinor: '-5' }, 400, 'amountMinor'],
      [target, { ...good, amountMinor: '9'.repeat(40) }, 400, 'amountMinor'],
      [target, { ...good, amountMinor: '1001' }, 409, 'budget'],
      [target, { ...good, reason: 'a\u0000b' }, 400, 'reason'],
      [target, { ...good, reason: '\ud800 lone' }, 400, 'reason'],
      [target, { ...good, reason: 'x'.repeat(501) }, 400, 'reason'],
    ];
    for (const [id, payload, status, field] of cases) {
      const answer = await grant(id, payload);
      expect(answer.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(status);
      expect(answer.body).toContain(field);
    }
    await db().execute(
      sql`update promotions set status = 'PAUSED', version = version + 1 where id = ${promotion.id}`,
    );
    expect((await grant(target, good)).statusCode).toBe(409);
    for (const [id, payload, status, field] of [
      [PAST_BIGINT, { reason: 'beyond' }, 400, 'id'],
      ['999999999', { reason: 'nobody' }, 404, 'grant'],
      ['1', { reason: 'x'.repeat(501) }, 400, 'reason'],
      ['1', {}, 400, 'reason'],
    ] as [string, unknown, number, string][]) {
      const answer = await revoke(id, payload);
      expect(answer.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(status);
      expect(answer.body).toContain(field);
    }
    expect(await spentOf(promotion.id)).toBe(0n);
    expect(await balanceByKind(db(), member.id, 'MEMBER_BONUS')).toBe(0n);
    const rows = (await db().execute(
      sql`select count(*)::int as n from bonus_grants where member_id = ${member.id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]?.n).toBe(0);
  });
});
