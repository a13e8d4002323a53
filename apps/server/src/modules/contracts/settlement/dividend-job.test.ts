import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { periodOfKind } from '../../../platform/jobs/calendar-periods.ts';
import { jobContextAt } from '../../../platform/jobs/jobs.test-helpers.ts';
import { describeEachDatabase } from '../../../test/databases.ts';
import type { LedgerService } from '../../ledger/ledger.service.ts';
import { testLedger } from '../../ledger/ledger.test-helpers.ts';
import { reconcile } from '../../ledger/reconciliation.ts';
import * as bills from './bills.store.ts';
import { dividendJob } from './dividend-jobs.ts';
import { salaryJob } from './salary-jobs.ts';
import { activeContract, agentLine, playedInHour, receivedInHour } from './settlement.test-helpers.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 1440 * MINUTE_MS;
const gmtOffset = () => '+08:00';

describeEachDatabase('dividend jobs', (database) => {
  let ledger: LedgerService;
  beforeAll(() => {
    ledger = testLedger(database().db);
  });

  const settledBy = async (job: ReturnType<typeof dividendJob>, at: Date) =>
    ((await job.run(jobContextAt(at))) as { settled: string[] }).settled;

  it("when two weeks are settled (ADR 038's worked example), then week 1's loss after bonuses, rebates and salaries is carried and week 2 pays 30 % of the rest through the ledger, once", async () => {
    const db = database().db;
    const line = await agentLine(db);
    const week1 = periodOfKind(new Date('2026-06-03T04:00:00Z'), 'WEEK', '+08:00');
    const week2 = periodOfKind(week1.end, 'WEEK', '+08:00');
    const contract = await activeContract(db, {
      type: 'DIVIDEND',
      startsAt: week1.start,
      payer: null,
      payee: line.top,
      ratePpm: 300_000,
    });
    // The agent's own salary of each day (0.7 % of valid bets) is deducted from the week's net loss.
    await activeContract(db, {
      type: 'DAILY_SALARY',
      startsAt: week1.start,
      payer: null,
      payee: line.top,
      ratePpm: 7_000,
    });
    const play = async (
      week: { start: Date },
      figures: { stake: bigint; payout: bigint; bonus: bigint; rebate: bigint },
    ) => {
      const wednesday = new Date(week.start.getTime() + 2 * DAY_MS + 3 * 60 * MINUTE_MS);
      await playedInHour(db, line.players.ofLeft, wednesday, {
        stakeMinor: figures.stake,
        payoutMinor: figures.payout,
      });
      await receivedInHour(db, line.players.ofRight, wednesday, 'BONUS', figures.bonus);
      await receivedInHour(db, line.players.ofTop, wednesday, 'REBATE', figures.rebate);
    };
    await play(week1, { stake: 10_000_000n, payout: 11_200_000n, bonus: 50_000n, rebate: 30_000n });
    await play(week2, { stake: 15_000_000n, payout: 12_000_000n, bonus: 100_000n, rebate: 45_000n });
    const salaries = salaryJob({ db, ledger, type: 'DAILY_SALARY', gmtOffset });
    const weekly = dividendJob({ db, ledger, periodCode: 'W', gmtOffset });
    // A week waits for the salary of its last day: paid the day after next, then one salary run.
    const ready = (week: { end: Date }) => new Date(week.end.getTime() + DAY_MS + 10 * MINUTE_MS);

    await salaries.run(jobContextAt(ready(week1)));
    expect(await settledBy(weekly, new Date(ready(week1).getTime() - MINUTE_MS))).not.toContain(week1.key);
    expect(await settledBy(weekly, ready(week1))).toEqual([week1.key]);
    expect(await bills.billOf(db, contract, week1.key)).toMatchObject({
      netLossMinor: -1_350_000n,
      carriedInMinor: 0n,
      baseMinor: -1_350_000n,
      amountMinor: 0n,
      carriedOutMinor: -1_350_000n,
    });

    await salaries.run(jobContextAt(ready(week2)));
    expect(await settledBy(weekly, ready(week2))).toEqual([week2.key]);
    expect(await bills.billOf(db, contract, week2.key)).toMatchObject({
      netLossMinor: 2_750_000n,
      carriedInMinor: -1_350_000n,
      baseMinor: 1_400_000n,
      tierLevel: 1,
      ratePpm: 300_000n,
      amountMinor: 420_000n,
      paidMinor: 420_000n,
      carriedOutMinor: 0n,
      status: 'PAID',
    });
    // Salaries 700.00 + 1 050.00 and the dividend 4 200.00, each its own posting.
    expect((await ledger.mainAccountOf(line.top)).balanceMinor).toBe(70_000n + 105_000n + 420_000n);

    // Run again, later: nothing more is written or paid.
    expect(await settledBy(weekly, new Date(ready(week2).getTime() + 60 * MINUTE_MS))).toEqual([]);
    const postings = (await db.execute(
      sql`select count(*)::int as n, sum(e.amount_minor)::text as paid from ledger_transactions t
            join ledger_entries e on e.transaction_id = t.id and e.amount_minor > 0
           where t.type = 'DIVIDEND' and t.reference = ${`contract ${contract} ${week2.key}`}`,
    )) as unknown as { rows: { n: number; paid: string }[] };
    expect(postings.rows[0]).toEqual({ n: 1, paid: '420000' });
    expect((await reconcile(db)).problems).toEqual([]);
  });

  it('when a half month is settled, then its own job pays the top agent its rate on the whole team and the top agent pays its downline the downline’s rate on its team; the weekly job leaves it alone', async () => {
    const db = database().db;
    const line = await agentLine(db);
    // The second half of February 2027: 13 days.
    const half = periodOfKind(new Date('2027-02-20T04:00:00Z'), 'SEMI_MONTH', '+08:00');
    expect(half.key).toBe('2027-02-16T00:00+08:00/P13D');
    const dividend = { type: 'DIVIDEND', startsAt: half.start, period: 'H' } as const;
    const top = await activeContract(db, { ...dividend, payer: null, payee: line.top, ratePpm: 300_000 });
    const left = await activeContract(db, {
      ...dividend,
      payer: line.top,
      payee: line.left,
      ratePpm: 200_000,
    });
    const lastDay = new Date(half.end.getTime() - 2 * 60 * MINUTE_MS);
    await playedInHour(db, line.players.ofLeft, lastDay, { stakeMinor: 1_000_000n, payoutMinor: 0n });
    await playedInHour(db, line.players.ofTop, half.start, { stakeMinor: 700_000n, payoutMinor: 200_000n });
    const at = new Date(half.end.getTime() + DAY_MS + 10 * MINUTE_MS);

    expect(await settledBy(dividendJob({ db, ledger, periodCode: 'W', gmtOffset }), at)).not.toContain(
      half.key,
    );
    expect(await bills.billOf(db, top, half.key)).toBeUndefined();
    // The look-back's earlier halves (nothing counts in them) are settled with it, oldest first.
    expect((await settledBy(dividendJob({ db, ledger, periodCode: 'H', gmtOffset }), at)).at(-1)).toBe(
      half.key,
    );
    expect(await bills.billOf(db, top, half.key)).toMatchObject({ amountMinor: 450_000n, status: 'PAID' });
    expect(await bills.billOf(db, left, half.key)).toMatchObject({
      payerMemberId: line.top,
      amountMinor: 200_000n,
      status: 'PAID',
    });
    // The upline keeps its rate less what it passes down: 30 % of 500.00 + 10 % of 1 000.00.
    expect((await ledger.mainAccountOf(line.top)).balanceMinor).toBe(250_000n);
    expect((await ledger.mainAccountOf(line.left)).balanceMinor).toBe(200_000n);
  });
});
