import { PromotionClaimPaths } from '@fortuna/contracts/promotion-claims';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REFERRAL_PROMOTION_CODE, seedReferralProgramme } from '../../seed/referral-programme.ts';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { loggedInMember } from '../../test/wallet-fixtures.ts';
import { findPromotionByCode } from './promotions.store.ts';

describeEachDatabase("the referral programme's promotion on the member's side", (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database());
    await seedReferralProgramme(database().db);
  });
  afterAll(async () => {
    await app.close();
  });

  it('when a member lists promotions, then the referral promotion is not among them, and claiming it is refused with nothing granted', async () => {
    const { headers } = await loggedInMember(database().db, { withPaymentPassword: false });
    const referral = await findPromotionByCode(database().db, REFERRAL_PROMOTION_CODE);
    const id = String(referral?.id);
    const mine = await app.inject({ method: 'GET', url: `${PromotionClaimPaths.mine}?lang=EN`, headers });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().value.promotions.map((promotion: { id: string }) => promotion.id)).not.toContain(id);
    const claim = await app.inject({
      method: 'POST',
      url: PromotionClaimPaths.claim.replace(':id', id),
      headers,
    });
    expect(claim.statusCode).toBe(403);
    const grants = (await database().db.execute(
      sql`select count(*)::int as grants from bonus_grants where promotion_id = ${referral?.id}`,
    )) as unknown as { rows: { grants: number }[] };
    expect(grants.rows[0]?.grants).toBe(0);
  });
});
