import { beforeAll, expect, it } from 'vitest';
import type { LedgerService } from '../../modules/ledger/ledger.service.ts';
import { testLedger } from '../../modules/ledger/ledger.test-helpers.ts';
import { reconcile } from '../../modules/ledger/reconciliation.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { describeOnSeveralNodes } from '../../test/several-nodes.ts';
import { PAYOUT_KIND, PAYOUT_MINOR, payoutJob, postingsFor, runsOf } from './jobs.test-helpers.ts';
import { PERIOD, periodOf } from './periods.ts';

const childScript = new URL('./crash-node.test-helpers.ts', import.meta.url);
const EXPIRE_SECONDS = 2;

describeOnSeveralNodes('a node killed inside its job', (nodes) => {
  const { database } = nodes;
  let ledger: LedgerService;
  let accountId: bigint;

  beforeAll(async () => {
    ledger = testLedger(database().db);
    const member = await createMember(database().db);
    accountId = (await ledger.mainAccountOf(member.id)).id;
  });

  it('when a node is SIGKILLed inside the transaction of a job that pays, then after the restart the period is paid exactly once and the ledger reconciles', async () => {
    // An API node (no workers) asks for the period; the crashing node takes it.
    const at = new Date('2026-11-26T02:07:00Z');
    const period = periodOf(at, PERIOD.FIVE_MINUTES, '+08:00');
    const crashed = await nodes.crashInsideRun({
      script: childScript,
      env: { CRASH_ACCOUNT_ID: accountId.toString() },
      job: payoutJob({ db: database().db, ledger, accountId, expireInSeconds: EXPIRE_SECONDS }),
      runNow: { at },
    });
    expect(crashed.inside).toBe(`INSIDE ${period.key}`);
    // Posted inside the open transaction: nobody else sees it yet.
    expect(await postingsFor(database().db, period.key)).toBe(0);

    await crashed.killAndRestart();
    expect(await postingsFor(database().db, period.key)).toBe(1);
    expect(await ledger.balanceOf(accountId)).toBe(PAYOUT_MINOR);
    expect(await runsOf(database().db, PAYOUT_KIND, period.key)).toMatchObject([
      { outcome: 'DONE', node: 'restarted-node', jobId: crashed.jobId },
    ]);

    // Delivered again (a retry, an operator's re-run): nothing more is paid.
    expect(await crashed.runAgain()).toEqual({ ran: false });
    expect(await postingsFor(database().db, period.key)).toBe(1);
    expect((await reconcile(database().db)).problems).toEqual([]);
  }, 90_000);
});
