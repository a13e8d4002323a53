/**
 * A node for settlement-job.crash.test.ts, run as its own process: it works the settlement job named
 * by CRASH_RUN (settlement-runs.test-helpers.ts), and its run stops inside the settlement's
 * transaction right after the period's first payment is posted (before the commit), says so on
 * stdout, and waits there for the SIGKILL the test sends.
 */
import { crashSetting, openCrashingNode, stopInside, workJob } from '../../../test/crashing-node.ts';
import type { LedgerService } from '../../ledger/ledger.service.ts';
import { SETTLEMENT_RUNS, type SettlementRunName } from './settlement-runs.test-helpers.ts';

const run = SETTLEMENT_RUNS[crashSetting('RUN', 'daily-salary') as SettlementRunName];
if (!run) throw new Error(`no settlement run ${crashSetting('RUN')}`);

const { database, ledger, expireInSeconds } = await openCrashingNode();
// A run pays with postManyAllOrNothing (ADR 057), a single bill with post: any of them stops.
const stoppingAfterFirstPayment: LedgerService = {
  ...ledger,
  post: async (request, tx) => {
    await ledger.post(request, tx);
    return stopInside(request.reference);
  },
  postAllOrNothing: async (request, tx) => {
    await ledger.postAllOrNothing(request, tx);
    return stopInside(request.reference);
  },
  postManyAllOrNothing: async (requests, tx) => {
    await ledger.postManyAllOrNothing(requests, tx);
    // Named by its first payment, the one a run posts first either way.
    return stopInside(requests[0]?.reference ?? 'an empty batch');
  },
};
await workJob(database, run.job(database.db, stoppingAfterFirstPayment, expireInSeconds));
