import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { periodOfKind } from '../../../platform/jobs/calendar-periods.ts';
import { describeEachDatabase } from '../../../test/databases.ts';
import type { LedgerService } from '../../ledger/ledger.service.ts';
import { move, posting, testLedger } from '../../ledger/ledger.test-helpers.ts';
import { reconcile } from '../../ledger/reconciliation.ts';
import { recordTypeOf } from '../../wallet/record-types.ts';
import * as bills from './bills.store.ts';
import { salaryContractsOf } from './contracts-to-settle.store.ts';
import { payBill } from './payments.ts';
import { inPaymentOrder, settleSalaryPeriod } from './settle-period.ts';
import { activeContract, agentLine, playedInHour } from './settlement.test-helpers.ts';

const HOUR_MS = 3_600_000;

describeEachDatabase('salary settlement of a period', (database) => {
  let ledger: LedgerService;
  beforeAll(() => {
    ledger = testLedger(database().db);
  });
  const balanceOf = async (memberId: bigint) => (await ledger.mainAccountOf(memberId)).balanceMinor;
  const houseBalance = async () => (await ledger.systemAccount('HOUSE')).balanceMinor;

  it('when a day is settled, then each contract gets one bill with its calculation and is paid uplines first, the platform paying only the top', async () => {
    const db = database().db;
    const line = await agentLine(db);
    const day = periodOfKind(new Date('2026-10-05T04:00:00Z'), 'DAY', '+08:00');
    // Rounds in three hours of the site day, one round the hour after it (not counted).
    await playedInHour(db, line.players.ofTop, day.start, {
      stakeMinor: 2_500_000n,
      payoutMinor: 2_000_000n,
    });
    await playedInHour(db, line.players.ofLeft, new Date(day.start.getTime() + 5 * HOUR_MS), {
      stakeMinor: 4_500_000n,
      payoutMinor: 1_000_000n,
    });
    await playedInHour(db, line.players.ofRight, new Date(day.end.getTime() - HOUR_MS), {
      stakeMinor: 3_000_000n,
      payoutMinor: 3_000_000n,
    });
    await playedInHour(db, line.players.ofRight, day.end, { stakeMinor: 9_999_999n, payoutMinor: 0n });
    const daily = { type: 'DAILY_SALARY', startsAt: day.start } as const;
    await activeContract(db, { ...daily, payer: line.top, payee: line.right, ratePpm: 10_000 });
    await activeContract(db, { ...daily, payer: line.top, payee: line.left, ratePpm: 8_000 });
    const topContract = await activeContract(db, { ...daily, payer: null, payee: line.top, ratePpm: 12_000 });
    // Begun after the day: not this day's.
    await activeContract(db, { ...daily, startsAt: day.end, payer: line.top, payee: line.left, ratePpm: 1 });
    const contracts = await salaryContractsOf(db, 'DAILY_SALARY', day);
    expect(contracts.map((contract) => contract.payeeMemberId)).toEqual([line.right, line.left, line.top]);
    const houseBefore = await houseBalance();
    const settled = await db.transaction((tx) =>
      settleSalaryPeriod(tx, { ledger }, { type: 'DAILY_SALARY', period: day, contracts }),
    );
    // The worked example of ADR 038: 1 200.00 received, 360.00 and 300.00 passed down, 540.00 kept.
    expect(settled).toEqual({ bills: 3, owedMinor: 186_000n, paidMinor: 186_000n, short: 0 });
    expect(await balanceOf(line.top)).toBe(54_000n);
    expect(await balanceOf(line.left)).toBe(36_000n);
    expect(await balanceOf(line.right)).toBe(30_000n);
    expect(houseBefore - (await houseBalance())).toBe(120_000n);
    const written = await bills.billsOfPeriod(db, 'DAILY_SALARY', day.key);
    const top = written.find((bill) => bill.contractId === topContract);
    expect(top).toMatchObject({
      baseMinor: 10_000_000n,
      validBetMinor: 10_000_000n,
      netLossMinor: 4_000_000n,
      activeMembers: 3,
      tierLevel: 1,
      ratePpm: 12_000n,
      amountMinor: 120_000n,
      paidMinor: 120_000n,
      paymentCount: 1,
      status: 'PAID',
      payerMemberId: null,
    });
    // The top agent's records show the salary received and the two paid down.
    const entries = (await db.execute(sql`
      select t.type, e.amount_minor::text as amount from ledger_entries e
        join ledger_transactions t on t.id = e.transaction_id
        join ledger_accounts a on a.id = e.account_id
       where a.member_id = ${line.top} order by t.id`)) as unknown as {
      rows: { type: string; amount: string }[];
    };
    expect(entries.rows.map((row) => [recordTypeOf(row.type, BigInt(row.amount)), row.amount])).toEqual([
      ['SALARY', '120000'],
      ['SALARY', '-30000'],
      ['SALARY', '-36000'],
    ]);
    expect((await reconcile(db)).problems).toEqual([]);

    // Settling the period again writes nothing and pays nothing.
    const again = await db.transaction((tx) =>
      settleSalaryPeriod(tx, { ledger }, { type: 'DAILY_SALARY', period: day, contracts }),
    );
    expect(again).toEqual({ bills: 3, owedMinor: 186_000n, paidMinor: 0n, short: 0 });
    expect(await balanceOf(line.top)).toBe(54_000n);
  });

  it('when an upline cannot pay, then the bill waits as insufficient balance, is paid in part as money comes, then in full, each payment its own ledger key', async () => {
    const db = database().db;
    const line = await agentLine(db);
    const day = periodOfKind(new Date('2026-10-06T04:00:00Z'), 'DAY', '+08:00');
    await playedInHour(db, line.players.ofLeft, day.start, { stakeMinor: 1_000_000n, payoutMinor: 0n });
    // The top agent's own contract misses its tier: it has nothing to pay the left agent with.
    const daily = { type: 'DAILY_SALARY', startsAt: day.start } as const;
    const topContract = await activeContract(db, {
      ...daily,
      payer: null,
      payee: line.top,
      tiers: [{ minActiveMembers: 50, ratePpm: 10_000 }],
    });
    const leftContract = await activeContract(db, {
      ...daily,
      payer: line.top,
      payee: line.left,
      ratePpm: 20_000,
    });
    // This line's contracts only (the other test's are active too).
    const contracts = (await salaryContractsOf(db, 'DAILY_SALARY', day)).filter((contract) =>
      [topContract, leftContract].includes(contract.id),
    );
    const settled = await db.transaction((tx) =>
      settleSalaryPeriod(tx, { ledger }, { type: 'DAILY_SALARY', period: day, contracts }),
    );
    expect(settled).toEqual({ bills: 2, owedMinor: 20_000n, paidMinor: 0n, short: 1 });
    const owed = await bills.billOf(db, leftContract, day.key);
    expect(owed).toMatchObject({ status: 'INSUFFICIENT_BALANCE', paidMinor: 0n, amountMinor: 20_000n });
    expect((await bills.billOf(db, topContract, day.key))?.status).toBe('THRESHOLD_NOT_REACHED');
    expect(await balanceOf(line.top)).toBe(0n);

    const house = (await ledger.systemAccount('HOUSE')).id;
    const topAccount = (await ledger.mainAccountOf(line.top)).id;
    await ledger.post(posting(move(house, topAccount, 7_500n), { type: 'DEPOSIT' }));
    const billId = owed?.id as bigint;
    expect(await db.transaction((tx) => payBill(tx, ledger, billId))).toEqual({
      paidMinor: 7_500n,
      status: 'PARTIALLY_PAID',
    });
    expect(await balanceOf(line.top)).toBe(0n);
    // Nothing more to take: the bill stays partly paid and the wallet at zero, never below.
    expect(await db.transaction((tx) => payBill(tx, ledger, billId))).toEqual({
      paidMinor: 0n,
      status: 'PARTIALLY_PAID',
    });
    await ledger.post(posting(move(house, topAccount, 50_000n), { type: 'DEPOSIT' }));
    expect(await db.transaction((tx) => payBill(tx, ledger, billId))).toEqual({
      paidMinor: 12_500n,
      status: 'PAID',
    });
    expect(await db.transaction((tx) => payBill(tx, ledger, billId))).toEqual({
      paidMinor: 0n,
      status: 'PAID',
    });
    expect(await balanceOf(line.left)).toBe(20_000n);
    expect(await balanceOf(line.top)).toBe(37_500n);
    const payments = await bills.paymentsOf(db, billId);
    expect(payments.map((payment) => [payment.paymentNumber, payment.amountMinor])).toEqual([
      [1, 7_500n],
      [2, 12_500n],
    ]);
    const keys = (await db.execute(
      sql`select idempotency_key from ledger_transactions where type = 'SALARY' and reference = ${`contract ${leftContract} ${day.key}`} order by id`,
    )) as unknown as { rows: { idempotency_key: string }[] };
    expect(keys.rows.map((row) => row.idempotency_key)).toEqual([
      `contract-bill:${billId}:payment:1`,
      `contract-bill:${billId}:payment:2`,
    ]);
    expect((await reconcile(db)).problems).toEqual([]);
  });

  it('when contracts come in any order, then payment order puts each payer before those it pays', () => {
    const chain = [
      { name: 'c', payerMemberId: 2n, payeeMemberId: 3n },
      { name: 'b', payerMemberId: 1n, payeeMemberId: 2n },
      { name: 'x', payerMemberId: null, payeeMemberId: 7n },
      { name: 'a', payerMemberId: null, payeeMemberId: 1n },
    ];
    const order = inPaymentOrder(chain).map((contract) => contract.name);
    expect(order.indexOf('a')).toBeLessThan(order.indexOf('b'));
    expect(order.indexOf('b')).toBeLessThan(order.indexOf('c'));
  });
});
