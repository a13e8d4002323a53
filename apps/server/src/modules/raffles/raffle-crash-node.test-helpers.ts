/**
 * A node for raffle-draw.nodes.test.ts, run as its own process: it works the raffle draw job, and
 * its run stops inside the draw's transaction (after the prizes' postings, before the commit) and
 * says so on stdout, waiting there for the SIGKILL the test sends.
 */
import { openCrashingNode, stopInside, workJob } from '../../test/crashing-node.ts';
import { raffleDrawJob } from './raffle-jobs.ts';
import { createRafflesService } from './raffles.service.ts';

const { database, ledger, expireInSeconds } = await openCrashingNode();
const raffles = createRafflesService({ db: database.db, ledger });
await workJob(
  database,
  raffleDrawJob({
    db: database.db,
    expireInSeconds,
    raffles: {
      dueRaffles: raffles.dueRaffles,
      async drawOne(tx, raffleId, at) {
        const outcome = await raffles.drawOne(tx, raffleId, at);
        if (!outcome.drawn) return outcome;
        return stopInside(`${raffleId} ${outcome.paidMinor}`);
      },
    },
  }),
);
