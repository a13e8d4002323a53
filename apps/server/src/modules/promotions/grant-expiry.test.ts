import { BonusTermsSchema } from '@fortuna/contracts/promotions';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { jobContextAt } from '../../platform/jobs/jobs.test-helpers.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import { grantExpiryJob } from './grant-expiry-job.ts';
import { findGrant } from './promotions.store.ts';
import {
  balanceByKind,
  creditDeposit,
  onlyPromotion,
  postingsUnder,
  promotionsDaysLater,
  recordRound,
  TEST_TERMS,
  testPromotions,
} from './promotions.test-helpers.ts';

const OFFSET = '+08:00';
let minute = 0;
/** Each run its own minute, so the sweep's period record never skips a run the test means. */
const nextRunAt = () => {
  minute += 1;
  return new Date(Date.UTC(2026, 0, 1, 0, minute));
};

describeEachDatabase('bonus grants that expire with their wagering unmet (ADR 066)', (database) => {
  const db = () => database().db;
  beforeAll(async () => {
    await onlyPromotion(db(), { terms: { ...TEST_TERMS, expiresInDays: 7 } });
  });
  afterAll(async () => {
    expect(await reconcile(db())).toEqual({ ok: true, problems: [] });
  });

  /** A member whose first deposit of 100.00 earned 100.00 of bonus under the running promotion. */
  async function memberWithGrant() {
    const { ledger, promotions } = testPromotions(db());
    const member = await createMember(db());
    const [grant] = await creditDeposit(db(), ledger, promotions, {
      memberId: member.id,
      amountMinor: 10_000n,
      first: true,
    });
    if (!grant) throw new Error('no grant');
    const house = async () => ledger.balanceOf((await ledger.systemAccount('BONUS')).id);
    return { member, grant, house, promotions };
  }

  const runExpiryDaysLater = (days: number) =>
    grantExpiryJob(db(), promotionsDaysLater(db(), days), () => OFFSET).run(jobContextAt(nextRunAt()));

  it('when the terms’ expiry passes with the wagering unmet, then the job forfeits the grant once and its bonus goes back to the house through the ledger', async () => {
    const { member, grant, house } = await memberWithGrant();
    const houseBefore = await house();

    await runExpiryDaysLater(6);
    expect((await findGrant(db(), grant.id))?.status).toBe('ACTIVE');
    expect(await balanceByKind(db(), member.id, 'MEMBER_BONUS')).toBe(10_000n);

    await runExpiryDaysLater(8);
    expect(await findGrant(db(), grant.id)).toMatchObject({ status: 'FORFEITED', closedReason: 'EXPIRED' });
    expect(await balanceByKind(db(), member.id, 'MEMBER_BONUS')).toBe(0n);
    expect(await house()).toBe(houseBefore + 10_000n);
    expect(await postingsUnder(db(), `bonus:expire:${grant.id}`)).toBe(1);

    await runExpiryDaysLater(9);
    expect(await house()).toBe(houseBefore + 10_000n);
    expect(await postingsUnder(db(), `bonus:expire:${grant.id}`)).toBe(1);
  });

  it('when the member looks at the bonus details, then the grant says when it expires and, once expired, why it closed', async () => {
    const { member, grant } = await memberWithGrant();
    const before = (await testPromotions(db()).promotions.bonusesOf(member.id, 'EN')).bonuses[0];
    expect(before?.expiresAt).toBe(new Date(grant.grantedAt.getTime() + 7 * 86_400_000).toISOString());
    await runExpiryDaysLater(8);
    const after = await testPromotions(db()).promotions.bonusesOf(member.id, 'EN');
    expect(after.bonuses[0]).toMatchObject({ status: 'FORFEITED', closedReason: 'EXPIRED' });
    expect(after.heldMinor).toBe('0');
  });

  it('when the wagering was met before the job saw the expiry, then the grant is not forfeited but left for its release', async () => {
    const { member, grant } = await memberWithGrant();
    // 5 × (bonus + deposit) = 1,000.00 of slots, in rounds within the 50.00 maximum stake.
    for (let round = 0; round < 20; round += 1)
      await recordRound(db(), { memberId: member.id, category: 'RNG', stakeMinor: 5_000n });
    await runExpiryDaysLater(8);
    expect((await findGrant(db(), grant.id))?.status).toBe('ACTIVE');
    expect(await postingsUnder(db(), `bonus:expire:${grant.id}`)).toBe(0);
  });

  it('when the terms set no expiry, then the grant never expires', async () => {
    await onlyPromotion(db(), { terms: TEST_TERMS });
    const { grant } = await memberWithGrant();
    await runExpiryDaysLater(3_650);
    expect((await findGrant(db(), grant.id))?.status).toBe('ACTIVE');
    await onlyPromotion(db(), { terms: { ...TEST_TERMS, expiresInDays: 7 } });
  });
});

it('when an expiry is 0, over 365 days, fractional or a string, then the terms are refused naming expiresInDays', () => {
  for (const expiresInDays of [0, 366, 1.5, '7', -1]) {
    const parsed = BonusTermsSchema.safeParse({ ...TEST_TERMS, expiresInDays });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['expiresInDays']);
  }
  expect(BonusTermsSchema.safeParse({ ...TEST_TERMS, expiresInDays: 365 }).success).toBe(true);
});
