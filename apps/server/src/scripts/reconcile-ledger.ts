// Proves the ledger's invariants on a live database (read-only); exits 1 if any is broken, 2 if
// the check could not run:
//   DATABASE_URL=postgres://… npx tsx src/scripts/reconcile-ledger.ts
// Without DATABASE_URL it reads the PGlite directory in PGLITE_DIR (stop the server first: one
// process owns a PGlite directory).
import { reconcile } from '../modules/ledger/reconciliation.ts';
import { openDatabase } from '../platform/db/database.ts';

const databaseUrl = process.env.DATABASE_URL;
const pgliteDir = process.env.PGLITE_DIR;
if (!databaseUrl && !pgliteDir) {
  console.error('reconcile-ledger: set DATABASE_URL (PostgreSQL) or PGLITE_DIR (a PGlite directory)');
  process.exit(2);
}

const database = await openDatabase({ databaseUrl, pgliteDir });
try {
  const result = await reconcile(database.db);
  console.log(JSON.stringify(result, null, 2));
  process.exitCode = result.ok ? 0 : 1;
} catch (error) {
  // Not a verdict on the ledger (unreachable or unmigrated database): a different exit code.
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  console.error(
    `reconcile-ledger: could not check the ledger: ${cause instanceof Error ? cause.message : cause}`,
  );
  process.exitCode = 2;
} finally {
  await database.close();
}
