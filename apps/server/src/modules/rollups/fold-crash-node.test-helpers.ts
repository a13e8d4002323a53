/**
 * A node for team-fold.nodes.test.ts, run as its own process: it folds the pending deltas inside a
 * transaction it never commits, says so on stdout, and waits there for the SIGKILL the test sends.
 */
import { openCrashingNode, stopInside } from '../../test/crashing-node.ts';
import { foldPendingDeltas } from './team-rollups.store.ts';

const { database } = await openCrashingNode(1);
await database.db.transaction(async (tx) => stopInside(`${await foldPendingDeltas(tx, 1_000_000)}`));
