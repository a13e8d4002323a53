import { beforeAll, expect, it } from 'vitest';
import { periodOfKind } from '../../../platform/jobs/calendar-periods.ts';
import { jobContextAt } from '../../../platform/jobs/jobs.test-helpers.ts';
import { describeEachDatabase } from '../../../test/databases.ts';
import type { LedgerService } from '../../ledger/ledger.service.ts';
import { testLedger } from '../../ledger/ledger.test-helpers.ts';
import { reconcile } from '../../ledger/reconciliation.ts';
import { testVendor } from '../../vendors/vendors.test-helpers.ts';
import * as bills from './bills.store.ts';
import { realTimeSalaryJob } from './salary-jobs.ts';
import { activeContract, agentLine, settledRound } from './settlement.test-helpers.ts';

const MINUTE_MS = 60_000;

describeEachDatabase('real-time salary', (database) => {
  let ledger: LedgerService;
  beforeAll(() => {
    ledger = testLedger(database().db);
  });

  it('when five-minute windows close, then each is settled once on the rounds settled in it: a losing team pays, a winning one floors at zero', async () => {
    const db = database().db;
    const vendor = await testVendor(db);
    const line = await agentLine(db);
    const first = periodOfKind(new Date('2026-07-01T02:00:00Z'), 'FIVE_MINUTES', '+08:00');
    const second = periodOfKind(first.end, 'FIVE_MINUTES', '+08:00');
    // Window 1 (ADR 038 example A): 2 345.67 staked, 1 888.89 paid out: the team lost 456.78.
    await settledRound(db, vendor.code, line.players.ofLeft, first.start, {
      stakeMinor: 200_000n,
      payoutMinor: 188_889n,
    });
    await settledRound(db, vendor.code, line.players.ofLeft, new Date(first.end.getTime() - 1), {
      stakeMinor: 34_567n,
      payoutMinor: 0n,
    });
    // Window 2 (example B): 2 000.00 staked, the team won 1 000.00.
    await settledRound(db, vendor.code, line.players.ofLeft, first.end, {
      stakeMinor: 200_000n,
      payoutMinor: 300_000n,
    });
    const contract = await activeContract(db, {
      type: 'REALTIME_SALARY',
      startsAt: first.start,
      payer: null,
      payee: line.left,
      // 0.1 % / 5 % / 3 % (ADR 038 example).
      tiers: [{ ratePpm: 1_000, lossRatePpm: 50_000, profitRatePpm: 30_000 }],
    });
    const job = realTimeSalaryJob({
      db,
      ledger,
      gmtOffset: () => '+08:00',
    });
    const settledOn = async (at: Date) =>
      ((await job.run(jobContextAt(at))) as { settled: string[] }).settled;
    expect(await settledOn(new Date(second.end.getTime() + 10 * MINUTE_MS))).toEqual(
      expect.arrayContaining([first.key, second.key]),
    );
    expect(await bills.billOf(db, contract, first.key)).toMatchObject({
      baseMinor: 234_567n,
      netLossMinor: 45_678n,
      ratePpm: 1_000n,
      lossRatePpm: 50_000n,
      profitRatePpm: 30_000n,
      amountMinor: 2_518n,
      status: 'PAID',
    });
    expect(await bills.billOf(db, contract, second.key)).toMatchObject({
      netLossMinor: -100_000n,
      amountMinor: 0n,
    });
    expect((await ledger.mainAccountOf(line.left)).balanceMinor).toBe(2_518n);
    // The next run finds both windows done.
    expect(await settledOn(new Date(second.end.getTime() + 11 * MINUTE_MS))).not.toContain(first.key);
    expect((await ledger.mainAccountOf(line.left)).balanceMinor).toBe(2_518n);
    expect((await reconcile(db)).problems).toEqual([]);
  });
});
