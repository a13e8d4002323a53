import { expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../platform/db/database.ts';
import { jobContextAt } from '../../../platform/jobs/jobs.test-helpers.ts';
import { describeOnSeveralNodes } from '../../../test/several-nodes.ts';
import { move, posting, testLedger } from '../../ledger/ledger.test-helpers.ts';
import { reconcile } from '../../ledger/reconciliation.ts';
import { billRetryJob } from './bill-retry-job.ts';
import * as bills from './bills.store.ts';
import { owedDailyBill } from './settlement.test-helpers.ts';

const childScript = new URL('./bill-retry-crash-node.test-helpers.ts', import.meta.url);
const EXPIRE_SECONDS = 2;
const gmtOffset = () => '+08:00';
/** 1 % of a day's 10,000.00 of valid bets: what each test's bill asks of its payer. */
const BILL = 10_000n;

const jobOn = (handle: DatabaseHandle, expireInSeconds = 60) =>
  billRetryJob({ db: handle.db, ledger: testLedger(handle.db), gmtOffset, expireInSeconds });

describeOnSeveralNodes('the contract bill retry on several nodes', (nodes) => {
  const { database } = nodes;

  /**
   * A daily salary bill of 100.00 that its upline could not pay when the day was settled, and the
   * upline funded since: owed, and payable by the next retry.
   */
  async function owedBill(dayAt: Date) {
    const ledger = testLedger(database().db);
    const owed = await owedDailyBill(database().db, ledger, dayAt);
    expect((await bills.billOf(database().db, owed.contract, owed.day.key))?.status).toBe(
      'INSUFFICIENT_BALANCE',
    );
    const house = (await ledger.systemAccount('HOUSE')).id;
    await ledger.post(
      posting(move(house, (await ledger.mainAccountOf(owed.line.top)).id, BILL), { type: 'DEPOSIT' }),
    );
    return owed;
  }

  async function expectPaidOnce({ line, contract, day }: Awaited<ReturnType<typeof owedBill>>) {
    const db = database().db;
    const ledger = testLedger(db);
    expect(await bills.billOf(db, contract, day.key)).toMatchObject({
      status: 'PAID',
      paidMinor: BILL,
      paymentCount: 1,
    });
    expect((await ledger.mainAccountOf(line.right)).balanceMinor).toBe(BILL);
    expect((await ledger.mainAccountOf(line.top)).balanceMinor).toBe(0n);
    expect((await reconcile(db)).problems).toEqual([]);
  }

  it('when two nodes run the bill retry at once, then the owed bill is paid once', async () => {
    const owed = await owedBill(new Date('2026-10-05T04:00:00Z'));
    const at = new Date('2026-10-09T00:05:00Z');
    await Promise.all([database(), nodes.second()].map((handle) => jobOn(handle).run(jobContextAt(at))));
    await expectPaidOnce(owed);
  }, 60_000);

  it('when a node is SIGKILLed after a bill’s payment inside the retry, then after the restart the bill is paid exactly once', async () => {
    const owed = await owedBill(new Date('2026-10-12T04:00:00Z'));
    const crashed = await nodes.crashInsideRun({
      script: childScript,
      job: jobOn(database(), EXPIRE_SECONDS),
      runNow: { at: new Date('2026-10-16T00:05:00Z') },
    });
    expect(crashed.inside).toBe(`INSIDE contract ${owed.contract} ${owed.day.key}`);
    // The payment is inside the open transaction: nobody sees it yet.
    expect((await bills.billOf(database().db, owed.contract, owed.day.key))?.status).toBe(
      'INSUFFICIENT_BALANCE',
    );

    await crashed.killAndRestart();
    await expectPaidOnce(owed);
  }, 90_000);
});
