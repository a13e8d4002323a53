/**
 * A node for team-fold.nodes.test.ts, run as its own process: it folds the pending deltas inside a
 * transaction it never commits, says so on stdout, and waits there for the SIGKILL the test sends.
 */
import { openPostgres } from '../../platform/db/database.ts';
import { foldPendingDeltas } from './team-rollups.store.ts';

const url = process.env.CRASH_DATABASE_URL;
if (!url) throw new Error('CRASH_DATABASE_URL is needed');
const database = await openPostgres(url, { maxConnections: 1 });
await database.db.transaction(async (tx) => {
  const folded = await foldPendingDeltas(tx, 1_000_000);
  process.stdout.write(`INSIDE ${folded}\n`);
  await new Promise(() => undefined);
});
