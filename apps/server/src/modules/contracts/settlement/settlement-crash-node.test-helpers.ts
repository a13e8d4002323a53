/**
 * A node for settlement-job.crash.test.ts, run as its own process: it works the settlement job named
 * by CRASH_RUN (settlement-runs.test-helpers.ts), and its run stops inside the settlement's
 * transaction right after the period's first payment is posted (before the commit), says so on
 * stdout, and waits there for the SIGKILL the test sends.
 */
import { openPostgres } from '../../../platform/db/database.ts';
import { testJobQueue } from '../../../platform/jobs/jobs.test-helpers.ts';
import { createLedgerService, type LedgerService } from '../../ledger/ledger.service.ts';
import { SETTLEMENT_RUNS, type SettlementRunName } from './settlement-runs.test-helpers.ts';

const url = process.env.CRASH_DATABASE_URL;
if (!url) throw new Error('CRASH_DATABASE_URL is needed');
const run = SETTLEMENT_RUNS[(process.env.CRASH_RUN ?? 'daily-salary') as SettlementRunName];
if (!run) throw new Error(`no settlement run ${process.env.CRASH_RUN}`);

const database = await openPostgres(url, { maxConnections: 2 });
const ledger = createLedgerService({ db: database.db, currency: () => 'PHP' });
const stopAfter = (reference: string) => {
  process.stdout.write(`INSIDE ${reference}\n`);
  return new Promise<never>(() => undefined);
};
// A run pays with postManyAllOrNothing (ADR 057), a single bill with post: any of them stops.
const stoppingAfterFirstPayment: LedgerService = {
  ...ledger,
  post: async (request, tx) => {
    await ledger.post(request, tx);
    return stopAfter(request.reference);
  },
  postAllOrNothing: async (request, tx) => {
    await ledger.postAllOrNothing(request, tx);
    return stopAfter(request.reference);
  },
  postManyAllOrNothing: async (requests, tx) => {
    await ledger.postManyAllOrNothing(requests, tx);
    // Named by its first payment, the one a run posts first either way.
    return stopAfter(requests[0]?.reference ?? 'an empty batch');
  },
};
const queue = testJobQueue(database, { node: 'crashing-node' });
queue.define(
  run.job(database.db, stoppingAfterFirstPayment, Number(process.env.CRASH_EXPIRE_SECONDS ?? '2')),
);
await queue.start();
process.stdout.write('READY\n');
