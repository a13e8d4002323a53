import { DepositOrderResponseSchema, DepositPaths } from '@fortuna/contracts/deposit';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDepositChannels } from '../../seed/deposit-channels.ts';
import { seedFirstDepositPromotion } from '../../seed/promotions.ts';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { heldAfterAnswer } from '../../test/held-after-answer.ts';
import { bearer } from '../../test/identity-fixtures.ts';
import { loggedInMember } from '../../test/wallet-fixtures.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import { balanceByKind } from '../promotions/promotions.test-helpers.ts';
import { GATEWAY_TEST_SECRET, signedCallback, startGateway } from './deposit.test-helpers.ts';

/** ADR 078: the gateway's callback answers once the credit commits; the first-deposit bonus follows. */
describeEachDatabase('the first-deposit bonus after the gateway callback', (database) => {
  let app: FastifyInstance;
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  const held = heldAfterAnswer();
  beforeAll(async () => {
    await seedDepositChannels(database().db);
    await database().db.execute(sql`update promotions set status = 'ENDED'`);
    await seedFirstDepositPromotion(database().db);
    gateway = await startGateway();
    app = await buildTestApp(
      database(),
      { PAYMENT_GATEWAY_URL: gateway.url, PAYMENT_GATEWAY_SECRET: GATEWAY_TEST_SECRET },
      undefined,
      { afterAnswer: held },
    );
  });
  afterAll(async () => {
    await app.close();
    await gateway.app.close();
  });

  const grantsOf = async (memberId: bigint) => {
    const result = (await database().db.execute(
      sql`select count(*)::int as n from bonus_grants where member_id = ${memberId}`,
    )) as unknown as { rows: { n: number }[] };
    return result.rows[0]?.n;
  };

  it('when the PAID callback arrives 3 times at once, then every delivery answers once the credit committed, with no grant yet, and the node then grants the bonus once', async () => {
    const { token, member } = await loggedInMember(database().db);
    const created = await app.inject({
      method: 'POST',
      url: DepositPaths.orders,
      headers: bearer(token),
      payload: { channelCode: 'FORTUNA_PAY', amountMinor: '30000', requestId: `cb-grant-${Date.now()}` },
    });
    const order = DepositOrderResponseSchema.parse(created.json()).value;
    const signed = signedCallback({
      paymentId: order?.payUrl?.split('/').pop(),
      merchantOrderNo: order?.orderNo,
      amountMinor: '30000',
      currency: 'PHP',
      status: 'PAID',
      paidAt: new Date().toISOString(),
    });
    const answers = await Promise.all(
      [1, 2, 3].map(() => app.inject({ method: 'POST', url: DepositPaths.callback, ...signed })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(await balanceByKind(database().db, member.id, 'MEMBER_MAIN')).toBe(30_000n);
    expect(await grantsOf(member.id)).toBe(0);
    expect(held.labels()).toEqual([`promotions of deposit ${order?.orderNo}`]);

    await held.release();
    expect(await grantsOf(member.id)).toBe(1);
    expect(await balanceByKind(database().db, member.id, 'MEMBER_BONUS')).toBe(30_000n);
    expect((await reconcile(database().db)).problems).toEqual([]);
  });
});
