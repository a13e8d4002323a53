/**
 * A node for wagering.nodes.test.ts, run as its own process: it works the wagering job, and its run
 * stops inside the first release's transaction (after the grant's move to RELEASED and the
 * release's posting, before the commit) and says so on stdout, waiting there for the SIGKILL the
 * test sends.
 */
import { openCrashingNode, stopInside, workJob } from '../../test/crashing-node.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { createPromotionsService } from './promotions.service.ts';
import { wageringJob } from './wagering-job.ts';

const RELEASE_KEY = 'bonus:release:';

const { database, ledger, expireInSeconds } = await openCrashingNode();
const stoppingLedger: LedgerService = {
  ...ledger,
  async post(request, tx) {
    const posted = await ledger.post(request, tx);
    if (request.idempotencyKey?.startsWith(RELEASE_KEY))
      return stopInside(request.idempotencyKey.slice(RELEASE_KEY.length));
    return posted;
  },
};
const promotions = createPromotionsService({ db: database.db, ledger: stoppingLedger });
await workJob(
  database,
  wageringJob(database.db, promotions, () => '+08:00', expireInSeconds),
);
