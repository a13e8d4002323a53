import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { testLedger } from '../../modules/ledger/ledger.test-helpers.ts';
import { reconcile } from '../../modules/ledger/reconciliation.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { postingsFor, runsOf } from './jobs.test-helpers.ts';
import { PERIOD, periodOf } from './periods.ts';
import { runIdempotentPeriod, runOncePerPeriod } from './run-once.ts';

describeEachDatabase('runOncePerPeriod', (database) => {
  const db = () => database().db;

  async function payout(kind: string, periodKey: string, options: { fail?: boolean } = {}) {
    const ledger = testLedger(db());
    const member = await createMember(db());
    const account = await ledger.mainAccountOf(member.id);
    const house = await ledger.systemAccount('HOUSE');
    return (period = periodKey) =>
      runOncePerPeriod(db(), { kind, period, node: 'node-a' }, async (tx) => {
        const posted = await ledger.post(
          {
            type: 'ADJUSTMENT',
            reference: period,
            actor: 'system',
            idempotencyKey: `test:${randomUUID()}`,
            entries: [
              { accountId: house.id, amountMinor: -500n },
              { accountId: account.id, amountMinor: 500n },
            ],
          },
          tx,
        );
        if (options.fail) throw new Error('the payer bank is away');
        return { transactionId: posted.id };
      });
  }

  it('when a period is run twice, then the work happens once and the second run answers ran: false', async () => {
    const kind = `test.once-${randomUUID()}`;
    const key = `period-${randomUUID()}`;
    const run = await payout(kind, key);
    const first = await run();
    expect(first.ran).toBe(true);
    expect(await run()).toEqual({ ran: false });
    expect(await postingsFor(db(), key)).toBe(1);
    const [done, ...others] = await runsOf(db(), kind, key);
    expect(others).toHaveLength(0);
    expect(done).toMatchObject({ outcome: 'DONE', node: 'node-a', finishedAt: expect.any(Date) });
    expect(done?.detail).toEqual({ transactionId: expect.any(String) });
    expect((await reconcile(db())).problems).toEqual([]);
  });

  it('when two runs of one period start at once, then one does the work', async () => {
    const kind = `test.once-${randomUUID()}`;
    const key = `period-${randomUUID()}`;
    const run = await payout(kind, key);
    const outcomes = await Promise.all([run(), run(), run()]);
    expect(outcomes.filter((outcome) => outcome.ran)).toHaveLength(1);
    expect(await postingsFor(db(), key)).toBe(1);
  });

  it('when a different period or kind runs, then it is not held back by the first', async () => {
    const kind = `test.once-${randomUUID()}`;
    const run = await payout(kind, 'unused');
    const [a, b] = [`period-${randomUUID()}`, `period-${randomUUID()}`];
    expect((await run(a)).ran).toBe(true);
    expect((await run(b)).ran).toBe(true);
  });

  it('when the work fails, then nothing it wrote stays, the failure is in the history, and a later run does the period', async () => {
    const kind = `test.once-${randomUUID()}`;
    const key = `period-${randomUUID()}`;
    const failing = await payout(kind, key, { fail: true });
    await expect(failing()).rejects.toThrow('the payer bank is away');
    expect(await postingsFor(db(), key)).toBe(0);
    expect(await runsOf(db(), kind, key)).toMatchObject([
      { outcome: 'FAILED', detail: { error: 'the payer bank is away' } },
    ]);

    const retry = await payout(kind, key);
    expect((await retry()).ran).toBe(true);
    expect(await postingsFor(db(), key)).toBe(1);
    expect((await runsOf(db(), kind, key)).map((row) => row.outcome)).toEqual(['FAILED', 'DONE']);
  });

  it('when a period of the site clock is the target, then its key and bounds are recorded', async () => {
    const kind = `test.once-${randomUUID()}`;
    const period = periodOf(new Date('2026-11-26T02:07:00Z'), PERIOD.FIVE_MINUTES, '+08:00');
    await runOncePerPeriod(db(), { kind, period }, async () => 7n);
    expect(await runsOf(db(), kind, period.key)).toMatchObject([
      {
        periodStart: period.start,
        periodEnd: period.end,
        detail: { result: '7' },
        node: expect.stringContaining(':'),
      },
    ]);
  });
});

describeEachDatabase('runIdempotentPeriod', (database) => {
  it('when a sweep period is done, then a second run skips the work; a failed one is recorded and retried', async () => {
    const db = database().db;
    const kind = `test.sweep-${randomUUID()}`;
    let calls = 0;
    const sweep = async () => {
      calls += 1;
      return { changed: 2 };
    };
    expect(await runIdempotentPeriod(db, { kind, period: 'p1' }, sweep)).toEqual({
      ran: true,
      result: { changed: 2 },
    });
    expect(await runIdempotentPeriod(db, { kind, period: 'p1' }, sweep)).toEqual({ ran: false });
    expect(calls).toBe(1);

    await expect(
      runIdempotentPeriod(db, { kind, period: 'p2' }, async () => {
        throw new Error('disk full');
      }),
    ).rejects.toThrow('disk full');
    expect((await runIdempotentPeriod(db, { kind, period: 'p2' }, sweep)).ran).toBe(true);
    expect((await runsOf(db, kind, 'p2')).map((row) => row.outcome)).toEqual(['FAILED', 'DONE']);
  });
});
