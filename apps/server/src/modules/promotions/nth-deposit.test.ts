import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Database } from '../../platform/db/database.ts';
import { seedDepositChannels } from '../../seed/deposit-channels.ts';
import { describeEachDatabase, describeOnPostgres } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { testLedger } from '../ledger/ledger.test-helpers.ts';
import { depositsWithPromotions, grantsOf } from './deposit-grants.test-helpers.ts';
import { onlyPromotion } from './promotions.test-helpers.ts';

const FIXED_50 = {
  reward: { kind: 'FIXED' as const, amountMinor: '5000' },
  wagering: { multiplier: 1, includesDeposit: false, weightsPercent: { RNG: 100 }, maxStakeMinor: null },
};

/** An NTH_DEPOSIT promotion of the test's own (every other one ended): a fixed 50.00 on the Nth deposit. */
async function nthDepositPromotion(db: Database, depositOrdinal: number) {
  return onlyPromotion(db, { trigger: 'NTH_DEPOSIT', terms: FIXED_50, depositOrdinal });
}

describeEachDatabase('the Nth-deposit trigger', (database) => {
  const db = () => database().db;

  it('when a member’s deposits are credited one by one, then the second alone is granted the second-deposit bonus', async () => {
    await seedDepositChannels(db());
    const promotion = await nthDepositPromotion(db(), 2);
    const deposits = depositsWithPromotions(db());
    const member = await createMember(db());
    const orders = [await deposits.order(member.id), await deposits.order(member.id)];
    orders.push(await deposits.order(member.id));
    for (const orderNo of orders) await deposits.approve(orderNo);
    expect(await grantsOf(db(), promotion.id)).toEqual([{ member: String(member.id), source: orders[1] }]);
  });

  it('when a third-deposit promotion runs, then a member’s second deposit is not granted and the third is, counted from credited deposits only', async () => {
    await seedDepositChannels(db());
    const promotion = await nthDepositPromotion(db(), 3);
    const deposits = depositsWithPromotions(db());
    const member = await createMember(db());
    const rejected = await deposits.order(member.id);
    await deposits.reject(rejected);
    const credited = [await deposits.order(member.id), await deposits.order(member.id)];
    for (const orderNo of credited) await deposits.approve(orderNo);
    expect(await grantsOf(db(), promotion.id)).toEqual([]);
    const third = await deposits.order(member.id);
    await deposits.approve(third);
    expect(await grantsOf(db(), promotion.id)).toEqual([{ member: String(member.id), source: third }]);
  });
});

describeOnPostgres('the Nth-deposit trigger under concurrency', (database) => {
  const db = () => database().db;

  it('when a new member’s first two deposits are credited at once, then exactly one of them is the second and is granted once', async () => {
    await seedDepositChannels(db());
    const promotion = await nthDepositPromotion(db(), 2);
    const deposits = depositsWithPromotions(db());
    const member = await createMember(db());
    const orders = [await deposits.order(member.id), await deposits.order(member.id)];
    // Both settle before either commits: each settling statement sees no earlier credit.
    await bothSettledBeforeEitherCommits(db(), member.id, () =>
      Promise.all(orders.map((orderNo) => deposits.approve(orderNo))),
    );
    expect(await grantsOf(db(), promotion.id)).toHaveLength(1);
  });

  it('when a member’s second and third deposits are credited at once, then one bonus is granted', async () => {
    await seedDepositChannels(db());
    const promotion = await nthDepositPromotion(db(), 2);
    const deposits = depositsWithPromotions(db());
    const member = await createMember(db());
    await deposits.approve(await deposits.order(member.id));
    const orders = [await deposits.order(member.id), await deposits.order(member.id)];
    await bothSettledBeforeEitherCommits(db(), member.id, () =>
      Promise.all(orders.map((orderNo) => deposits.approve(orderNo))),
    );
    expect(await grantsOf(db(), promotion.id)).toHaveLength(1);
  });
});

/**
 * Runs two credits of the member while a transaction of the test holds the member's main account,
 * which each credit's posting locks: both settle their orders (each reading no earlier credit) and
 * then wait, the first at its posting, the second behind it, until both wait; then they go on one
 * after the other, as on a busy server.
 */
async function bothSettledBeforeEitherCommits<T>(db: Database, memberId: bigint, credits: () => Promise<T>) {
  await testLedger(db).mainAccountOf(memberId);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let locked: () => void = () => undefined;
  const lockTaken = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const holder = db.transaction(async (tx) => {
    await tx.execute(
      sql`select id from ledger_accounts where member_id = ${memberId} and kind = 'MEMBER_MAIN' for update`,
    );
    locked();
    await held;
  });
  await lockTaken;
  const running = credits();
  for (const startedAt = Date.now(); Date.now() - startedAt < 10_000; ) {
    const waiting = (await db.execute(
      sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
    )) as unknown as { rows: { n: number }[] };
    if ((waiting.rows[0]?.n ?? 0) >= 2) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  release();
  await holder;
  return running;
}
