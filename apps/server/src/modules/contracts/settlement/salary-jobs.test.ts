import { beforeAll, expect, it } from 'vitest';
import { periodOfKind } from '../../../platform/jobs/calendar-periods.ts';
import { jobContextAt } from '../../../platform/jobs/jobs.test-helpers.ts';
import { describeEachDatabase } from '../../../test/databases.ts';
import type { LedgerService } from '../../ledger/ledger.service.ts';
import { move, posting, testLedger } from '../../ledger/ledger.test-helpers.ts';
import { retryOwedBills } from './bill-retry-job.ts';
import * as bills from './bills.store.ts';
import { salaryJob } from './salary-jobs.ts';
import {
  activeContract,
  agentLine,
  owedDailyBill,
  playedInHour,
  settledDayFixture,
} from './settlement.test-helpers.ts';

const MINUTE_MS = 60_000;

describeEachDatabase('salary jobs', (database) => {
  let ledger: LedgerService;
  beforeAll(() => {
    ledger = testLedger(database().db);
  });

  it('when the daily job runs before the payday, then the day waits; on the payday (the day after next) it is settled, and a delay of one day pays the next day', async () => {
    const db = database().db;
    const fixture = await settledDayFixture(db, new Date('2026-08-10T04:00:00Z'));
    const job = (paymentDelayDays?: number) =>
      salaryJob({
        db,
        ledger,
        type: 'DAILY_SALARY',
        gmtOffset: () => '+08:00',
        paymentDelayDays,
      });
    const dayAfter = new Date(fixture.day.end.getTime() + 12 * 60 * MINUTE_MS);
    const settledOn = async (at: Date, paymentDelayDays?: number) =>
      ((await job(paymentDelayDays).run(jobContextAt(at))) as { settled: string[] }).settled;
    // Days before it in the look-back (empty) are settled; the day itself waits for its payday.
    expect(await settledOn(dayAfter)).not.toContain(fixture.day.key);
    expect(await bills.billsOfPeriod(db, 'DAILY_SALARY', fixture.day.key)).toEqual([]);
    expect(await settledOn(new Date(fixture.payday.getTime() - 2 * MINUTE_MS))).toEqual([]);
    expect(await settledOn(fixture.payday)).toEqual([fixture.day.key]);
    expect(
      (await bills.billsOfPeriod(db, 'DAILY_SALARY', fixture.day.key)).map((bill) => bill.status),
    ).toEqual(['PAID', 'PAID', 'PAID']);
    // The next day under a one-day delay: paid from the start of the day after it.
    const nextDay = periodOfKind(fixture.day.end, 'DAY', '+08:00');
    await playedInHour(db, fixture.line.players.ofLeft, nextDay.start, {
      stakeMinor: 100_000n,
      payoutMinor: 0n,
    });
    expect(await settledOn(new Date(nextDay.end.getTime() + 11 * MINUTE_MS), 1)).toEqual([nextDay.key]);
  });

  it("when the hourly job runs, then each hour is settled once the rollups' grace has passed, on that hour's team figures", async () => {
    const db = database().db;
    const line = await agentLine(db);
    const hour = periodOfKind(new Date('2026-08-11T05:30:00Z'), 'HOUR', '+08:00');
    await playedInHour(db, line.players.ofLeft, hour.start, { stakeMinor: 800_000n, payoutMinor: 100_000n });
    await playedInHour(db, line.players.ofLeft, hour.end, { stakeMinor: 555_555n, payoutMinor: 0n });
    const contract = await activeContract(db, {
      type: 'HOUR_SALARY',
      startsAt: hour.start,
      payer: null,
      payee: line.left,
      ratePpm: 3_000,
    });
    const job = salaryJob({
      db,
      ledger,
      type: 'HOUR_SALARY',
      gmtOffset: () => '+08:00',
    });
    // Within the grace (10 minutes by default) the hour may still take late rounds.
    const settledOn = async (at: Date) =>
      ((await job.run(jobContextAt(at))) as { settled: string[] }).settled;
    // Hours before it in the look-back (empty) are settled; the hour itself waits out the grace.
    expect(await settledOn(new Date(hour.end.getTime() + 9 * MINUTE_MS))).not.toContain(hour.key);
    expect(await settledOn(new Date(hour.end.getTime() + 10 * MINUTE_MS))).toEqual([hour.key]);
    expect(await bills.billOf(db, contract, hour.key)).toMatchObject({
      baseMinor: 800_000n,
      amountMinor: 2_400n,
      status: 'PAID',
    });
    expect((await ledger.mainAccountOf(line.left)).balanceMinor).toBe(2_400n);
  });

  it('when the retry sweep runs, then owed bills are paid as far as their payers can, and paid ones are left alone', async () => {
    const db = database().db;
    const { line, contract, day } = await owedDailyBill(db, ledger, new Date('2026-08-12T04:00:00Z'));
    expect((await bills.billOf(db, contract, day.key))?.status).toBe('INSUFFICIENT_BALANCE');
    const house = (await ledger.systemAccount('HOUSE')).id;
    await ledger.post(
      posting(move(house, (await ledger.mainAccountOf(line.top)).id, 4_000n), { type: 'DEPOSIT' }),
    );
    await retryOwedBills(db, ledger);
    expect(await bills.billOf(db, contract, day.key)).toMatchObject({
      status: 'PARTIALLY_PAID',
      paidMinor: 4_000n,
    });
    await ledger.post(
      posting(move(house, (await ledger.mainAccountOf(line.top)).id, 9_000n), { type: 'DEPOSIT' }),
    );
    await retryOwedBills(db, ledger);
    await retryOwedBills(db, ledger);
    expect(await bills.billOf(db, contract, day.key)).toMatchObject({
      status: 'PAID',
      paidMinor: 10_000n,
      paymentCount: 2,
    });
    expect((await ledger.mainAccountOf(line.top)).balanceMinor).toBe(3_000n);
  });

  it('when the oldest owed bills still cannot be paid, then the retry sweep goes on past them and pays the bills behind them', async () => {
    const db = database().db;
    const older = await owedDailyBill(db, ledger, new Date('2026-08-13T04:00:00Z'));
    const newer = await owedDailyBill(db, ledger, new Date('2026-08-14T04:00:00Z'));
    const billOf = (owed: typeof older) => bills.billOf(db, owed.contract, owed.day.key);
    const [olderBill, newerBill] = [await billOf(older), await billOf(newer)];
    expect(olderBill?.id).toBeLessThan(newerBill?.id ?? 0n);
    expect([olderBill?.status, newerBill?.status]).toEqual(['INSUFFICIENT_BALANCE', 'INSUFFICIENT_BALANCE']);
    // Only the payer of the newer bill can pay now.
    const house = (await ledger.systemAccount('HOUSE')).id;
    await ledger.post(
      posting(move(house, (await ledger.mainAccountOf(newer.line.top)).id, 10_000n), { type: 'DEPOSIT' }),
    );
    // Pages of one bill: re-reading the owed bills from the oldest would never reach the newer one.
    expect(await retryOwedBills(db, ledger, 1)).toMatchObject({ paidInFull: 1 });
    expect((await billOf(newer))?.status).toBe('PAID');
    expect((await billOf(older))?.status).toBe('INSUFFICIENT_BALANCE');
  });
});
