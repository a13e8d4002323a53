import { expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import { rebatesPaidTo, recordPlay, setRates, siteDay, testRebates } from './rebates.test-helpers.ts';

describeEachDatabase('rebates', (database) => {
  const db = () => database().db;

  it('when a member has valid bets in rated categories, then the accrual is floor(valid × rate) per category, and unrated play accrues nothing', async () => {
    const day = siteDay('2026-03-02');
    const { rebates } = testRebates(db());
    await setRates(db(), { RNG: 150, FISH: 0, LIVE: 80 });
    const member = await createMember(db());
    await recordPlay(db(), { memberId: member.id, at: day.morning, category: 'RNG', validMinor: 12_345n });
    await recordPlay(db(), { memberId: member.id, at: day.afternoon, category: 'RNG', validMinor: 1n });
    await recordPlay(db(), { memberId: member.id, at: day.morning, category: 'FISH', validMinor: 50_000n });
    const accrued = await rebates.accrued(member.id, day.afternoon);
    // 12,346 × 1.5% = 185.19 → 185: floored to the minor unit.
    expect(accrued.categories).toEqual([
      { category: 'RNG', rateBp: 150, validBetMinor: '12346', accruedMinor: '185' },
      { category: 'LIVE', rateBp: 80, validBetMinor: '0', accruedMinor: '0' },
    ]);
    expect(accrued.totalMinor).toBe('185');
    expect(accrued.claimEnabled).toBe(true);
    expect(accrued.fromDay).toBe('2026-02-23');
    await setRates(db(), { LIVE: 0 });
  });

  it('when the member claims, then the accrual is paid once into the main wallet through the ledger, and a second claim finds nothing', async () => {
    const day = siteDay('2026-03-04');
    const { rebates, ledger } = testRebates(db());
    await setRates(db(), { RNG: 150 });
    const member = await createMember(db());
    await recordPlay(db(), { memberId: member.id, at: day.morning, category: 'RNG', validMinor: 20_000n });
    const claim = await rebates.claim(member.id, day.afternoon);
    expect(claim).toEqual({
      claimedMinor: '300',
      categories: [{ category: 'RNG', amountMinor: '300' }],
      balanceMinor: '300',
    });
    expect(await ledger.balanceOf((await ledger.mainAccountOf(member.id)).id)).toBe(300n);
    await expect(rebates.claim(member.id, day.afternoon)).rejects.toMatchObject({ code: 'NOTHING_TO_CLAIM' });
    expect((await rebates.accrued(member.id, day.afternoon)).totalMinor).toBe('0');
    expect(await rebatesPaidTo(db(), member.id)).toBe(300n);
    expect((await reconcile(db())).problems).toEqual([]);
  });

  it('when the member claimed part of a day and played on, then the daily job pays only the remainder: the day pays floor(day valid × rate) in all', async () => {
    const day = siteDay('2026-03-06');
    const { rebates, runJob } = testRebates(db());
    await setRates(db(), { RNG: 150, PVP: 33 });
    const member = await createMember(db());
    await recordPlay(db(), { memberId: member.id, at: day.morning, category: 'RNG', validMinor: 999n });
    await recordPlay(db(), { memberId: member.id, at: day.morning, category: 'PVP', validMinor: 1_001n });
    // 999 × 1.5% = 14.985 → 14; 1,001 × 0.33% = 3.3 → 3.
    expect((await rebates.claim(member.id, day.morning)).claimedMinor).toBe('17');
    await recordPlay(db(), { memberId: member.id, at: day.afternoon, category: 'RNG', validMinor: 1n });
    await recordPlay(db(), { memberId: member.id, at: day.afternoon, category: 'PVP', validMinor: 2_000n });
    expect((await runJob(day.closed)).days).toContain(day.key);
    // RNG 1,000 × 1.5% = 15; PVP 3,001 × 0.33% = 9.9033 → 9: 24 in all, 17 of it claimed.
    expect(await rebatesPaidTo(db(), member.id)).toBe(24n);
    expect((await runJob(day.closed)).days).toEqual([]);
    expect(await rebatesPaidTo(db(), member.id)).toBe(24n);
    expect((await reconcile(db())).problems).toEqual([]);
  });

  it('when the daily job has settled a day, then a claim no longer reaches it and today accrues on its own', async () => {
    const day = siteDay('2026-03-08');
    const { rebates, runJob } = testRebates(db());
    await setRates(db(), { RNG: 100 });
    const member = await createMember(db());
    await recordPlay(db(), { memberId: member.id, at: day.afternoon, category: 'RNG', validMinor: 10_000n });
    await recordPlay(db(), { memberId: member.id, at: day.nextDay, category: 'RNG', validMinor: 500n });
    await runJob(day.closed);
    expect(await rebatesPaidTo(db(), member.id)).toBe(100n);
    expect((await rebates.accrued(member.id, day.nextDay)).totalMinor).toBe('5');
    expect((await rebates.claim(member.id, day.nextDay)).claimedMinor).toBe('5');
    expect(await rebatesPaidTo(db(), member.id)).toBe(105n);
  });

  it('when an earlier day has closed but the job has not run yet, then the claim pays it together with today', async () => {
    const day = siteDay('2026-03-12');
    const { rebates } = testRebates(db());
    await setRates(db(), { FISH: 200 });
    const member = await createMember(db());
    await recordPlay(db(), { memberId: member.id, at: day.morning, category: 'FISH', validMinor: 1_000n });
    await recordPlay(db(), { memberId: member.id, at: day.nextDay, category: 'FISH', validMinor: 1_000n });
    expect((await rebates.claim(member.id, day.nextDay)).claimedMinor).toBe('40');
  });

  it('when a rate changes after a claim, then the claimed day keeps the rate of its first payment', async () => {
    const day = siteDay('2026-03-14');
    const { rebates, runJob } = testRebates(db());
    await setRates(db(), { LOTT: 100 });
    const member = await createMember(db());
    await recordPlay(db(), { memberId: member.id, at: day.morning, category: 'LOTT', validMinor: 1_000n });
    expect((await rebates.claim(member.id, day.morning)).claimedMinor).toBe('10');
    await setRates(db(), { LOTT: 500 });
    await recordPlay(db(), { memberId: member.id, at: day.afternoon, category: 'LOTT', validMinor: 1_000n });
    await runJob(day.closed);
    expect(await rebatesPaidTo(db(), member.id)).toBe(20n);
    await setRates(db(), { LOTT: 0 });
  });

  it('when MANPLAYREB3 is off, then a claim is refused and nothing is paid, while the daily job still pays', async () => {
    const day = siteDay('2026-03-16');
    const { rebates, runJob } = testRebates(db(), { claimEnabled: () => false });
    await setRates(db(), { SPORTS: 100 });
    const member = await createMember(db());
    await recordPlay(db(), { memberId: member.id, at: day.morning, category: 'SPORTS', validMinor: 7_000n });
    const refused = await rebates.claim(member.id, day.afternoon).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'FEATURE_DISABLED' });
    expect(await rebatesPaidTo(db(), member.id)).toBe(0n);
    expect((await rebates.accrued(member.id, day.afternoon)).claimEnabled).toBe(false);
    await runJob(day.closed);
    expect(await rebatesPaidTo(db(), member.id)).toBe(70n);
  });

  it('when the same member claims three times at once, then one claim pays and the others find nothing', async () => {
    const day = siteDay('2026-03-18');
    const { rebates } = testRebates(db());
    await setRates(db(), { ESPORTS: 250 });
    const member = await createMember(db());
    await recordPlay(db(), {
      memberId: member.id,
      at: day.morning,
      category: 'ESPORTS',
      validMinor: 40_000n,
    });
    const outcomes = await Promise.allSettled([
      rebates.claim(member.id, day.afternoon),
      rebates.claim(member.id, day.afternoon),
      rebates.claim(member.id, day.afternoon),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ code: 'NOTHING_TO_CLAIM' });
    }
    expect(await rebatesPaidTo(db(), member.id)).toBe(1_000n);
  });
});
