import { expect, it } from 'vitest';
import { describeOnSeveralNodes } from '../../../test/several-nodes.ts';
import { testLedger } from '../../ledger/ledger.test-helpers.ts';
import { reconcile } from '../../ledger/reconciliation.ts';
import { settlementPaymentsOf } from './settlement.test-helpers.ts';
import { SETTLEMENT_RUNS, type SettlementRunName } from './settlement-runs.test-helpers.ts';

const childScript = new URL('./settlement-crash-node.test-helpers.ts', import.meta.url);
const EXPIRE_SECONDS = 2;
const RUNS: [SettlementRunName, Date][] = [
  ['daily-salary', new Date('2026-09-20T04:00:00Z')],
  ['weekly-dividend', new Date('2026-09-23T04:00:00Z')],
];

describeOnSeveralNodes('a node killed inside a settlement run', (nodes) => {
  const { database } = nodes;

  it.each(RUNS)(
    'when the %s node is SIGKILLed after a payment inside the run, then after the restart the period is settled once: each bill paid once, the ledger reconciled',
    async (name, fixtureAt) => {
      const run = SETTLEMENT_RUNS[name];
      const db = database().db;
      const fixture = await run.fixture(db, fixtureAt);
      const paymentsOfPeriod = () => settlementPaymentsOf(db, fixture.period.key, run.ledgerType);
      const crashed = await nodes.crashInsideRun({
        script: childScript,
        env: { CRASH_RUN: name },
        job: run.job(db, testLedger(db), EXPIRE_SECONDS),
        runNow: { at: fixture.at },
        label: name,
      });
      expect(crashed.inside).toBe(`INSIDE contract ${fixture.contracts.top} ${fixture.period.key}`);
      // Bills and the first payment are inside the open transaction: nobody sees them yet.
      expect(await paymentsOfPeriod()).toEqual({ postings: 0, payments: 0, bills: 0 });

      await crashed.killAndRestart();
      expect(await paymentsOfPeriod()).toEqual({ postings: 3, payments: 3, bills: 3 });
      expect((await testLedger(db).mainAccountOf(fixture.line.top)).balanceMinor).toBe(run.balances.top);

      // Delivered again (a retry, an operator's re-run): nothing more is written or paid.
      expect(await crashed.runAgain()).toEqual({ settled: [] });
      expect(await paymentsOfPeriod()).toEqual({ postings: 3, payments: 3, bills: 3 });
      expect((await reconcile(db)).problems).toEqual([]);
      await crashed.stop();
    },
    120_000,
  );
});
