import { DepositPaths } from '@fortuna/contracts/deposit';
import { PromotionPaths } from '@fortuna/contracts/promotions';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAfterAnswer } from '../../platform/after-answer.ts';
import { seedDepositChannels } from '../../seed/deposit-channels.ts';
import {
  FIRST_DEPOSIT_PROMOTION_CODE,
  FIRST_DEPOSIT_TERMS,
  seedFirstDepositPromotion,
} from '../../seed/promotions.ts';
import { buildTestApp, opsHeaders } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { bearer } from '../../test/identity-fixtures.ts';
import { loggedInMember } from '../../test/wallet-fixtures.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import { balanceByKind } from './promotions.test-helpers.ts';

let serial = 0;

describeEachDatabase('the first-deposit bonus and the bonus details call', (database) => {
  let app: FastifyInstance;
  // The grant follows the approval's answer (ADR 078): the test awaits the node's work after answers.
  const afterAnswer = createAfterAnswer({ error() {} });
  beforeAll(async () => {
    await seedDepositChannels(database().db);
    await database().db.execute(sql`update promotions set status = 'ENDED'`);
    await seedFirstDepositPromotion(database().db);
    app = await buildTestApp(database(), {}, undefined, { afterAnswer });
  });
  afterAll(async () => {
    await app.close();
  });

  /** A bank transfer of the member, approved by an operator: the deposit module's own crediting path. */
  async function approvedDeposit(token: string, amountMinor: string) {
    serial += 1;
    const created = await app.inject({
      method: 'POST',
      url: DepositPaths.orders,
      headers: bearer(token),
      payload: {
        channelCode: 'BANK_TRANSFER',
        amountMinor,
        requestId: `bonus-${Date.now()}-${serial}`,
        payerReference: 'BDO-1',
      },
    });
    expect(created.statusCode).toBe(200);
    const approved = await app.inject({
      method: 'POST',
      url: DepositPaths.opsApprove.replace(':orderNo', created.json().value.orderNo),
      headers: opsHeaders,
      payload: { note: 'seen on the statement' },
    });
    expect(approved.statusCode).toBe(200);
    await afterAnswer.settle();
  }
  const details = (token: string, query = '') =>
    app.inject({ method: 'GET', url: `${PromotionPaths.bonuses}${query}`, headers: bearer(token) });

  it('when a new member’s first deposit is approved, then the advertised bonus doubles it with no claim step, shown with its wagering in the member’s language; the second deposit adds none', async () => {
    const { token, member } = await loggedInMember(database().db);
    await approvedDeposit(token, '60000');
    expect(await balanceByKind(database().db, member.id, 'MEMBER_MAIN')).toBe(60_000n);
    expect(await balanceByKind(database().db, member.id, 'MEMBER_BONUS')).toBe(60_000n);
    const answer = await details(token, '?lang=TY');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().value).toEqual({
      heldMinor: '60000',
      bonuses: [
        expect.objectContaining({
          promotionTitle: 'Doble ang unang deposito',
          bonusMinor: '60000',
          depositMinor: '60000',
          requiredMinor: '600000',
          wageredMinor: '0',
          status: 'ACTIVE',
          multiplier: 5,
          includesDeposit: true,
          weightsPercent: { RNG: 100, FISH: 100, PVP: 20, LIVE: 10 },
          maxStakeMinor: '5000',
        }),
      ],
    });
    await approvedDeposit(token, '50000');
    expect(await balanceByKind(database().db, member.id, 'MEMBER_BONUS')).toBe(60_000n);
    expect((await details(token)).json().value.bonuses).toHaveLength(1);
    expect((await reconcile(database().db)).problems).toEqual([]);
    const seeded = (await database().db.execute(
      sql`select count(*)::int as n from promotions where code = ${FIRST_DEPOSIT_PROMOTION_CODE}`,
    )) as unknown as { rows: { n: number }[] };
    expect(seeded.rows[0]?.n).toBe(1);
  });

  it('when anyone asks for the running promotions, then the first-deposit promotion is listed in their language with its sanitised text; an ended one is not, a bad language is a 400', async () => {
    const running = await app.inject({ method: 'GET', url: `${PromotionPaths.running}?lang=TY` });
    expect(running.statusCode).toBe(200);
    const listed = running.json().value.promotions;
    expect(listed).toEqual([
      expect.objectContaining({
        code: FIRST_DEPOSIT_PROMOTION_CODE,
        title: 'Doble ang unang deposito',
        automatic: true,
        // Stated before any claim, the withdrawal rule filled in when the promotion set none.
        terms: { ...FIRST_DEPOSIT_TERMS, withdrawalRule: 'FORFEIT' },
        perMemberLimit: 1,
      }),
    ]);
    expect(listed[0].bodyHtml).toContain('<strong>unang deposito ay dodoblehin</strong>');
    await database().db.execute(
      sql`update promotions set texts = jsonb_set(texts, '{EN,bodyHtml}', '"<p>ok</p><script>alert(1)</script>"') where code = ${FIRST_DEPOSIT_PROMOTION_CODE}`,
    );
    const cleaned = await app.inject({ method: 'GET', url: PromotionPaths.running });
    expect(cleaned.json().value.promotions[0].bodyHtml).toBe('<p>ok</p>');
    expect((await app.inject({ method: 'GET', url: `${PromotionPaths.running}?lang=%00` })).statusCode).toBe(
      400,
    );
    await database().db.execute(
      sql`update promotions set status = 'ENDED' where code = ${FIRST_DEPOSIT_PROMOTION_CODE}`,
    );
    expect(
      (await app.inject({ method: 'GET', url: PromotionPaths.running })).json().value.promotions,
    ).toEqual([]);
    await database().db.execute(
      sql`update promotions set status = 'ACTIVE' where code = ${FIRST_DEPOSIT_PROMOTION_CODE}`,
    );
  });

  it('when the bonus details are asked without a session or with a bad language, then 401 / 400 naming the field', async () => {
    expect((await app.inject({ method: 'GET', url: PromotionPaths.bonuses })).statusCode).toBe(401);
    const { token } = await loggedInMember(database().db);
    for (const lang of ['XX', 'E%00N', '%ED%A0%80', 'E'.repeat(5_000)]) {
      const answer = await details(token, `?lang=${lang}`);
      expect(answer.statusCode).toBe(400);
      expect(JSON.stringify(answer.json())).toContain('lang');
    }
    const none = await details(token);
    expect(none.json().value).toEqual({ heldMinor: '0', bonuses: [] });
  });
});
