// Recomputes the rollups from the bet records and the vendors' credits, then checks them against
// a second recomputation; exits 1 if they disagree, 2 if the rebuild could not run:
//   DATABASE_URL=postgres://… npm run ops:rebuild-rollups
// Without DATABASE_URL it uses the PGlite directory in PGLITE_DIR (stop the server first: one
// process owns a PGlite directory). `--check` only compares, writing nothing.
import { checkMemberRoundRollups, rebuildMemberRoundRollups } from '../modules/rollups/rollups.service.ts';
import { openDatabase } from '../platform/db/database.ts';

const databaseUrl = process.env.DATABASE_URL;
const pgliteDir = process.env.PGLITE_DIR;
if (!databaseUrl && !pgliteDir) {
  console.error('rebuild-rollups: set DATABASE_URL (PostgreSQL) or PGLITE_DIR (a PGlite directory)');
  process.exit(2);
}
const checkOnly = process.argv.includes('--check');

const database = await openDatabase({ databaseUrl, pgliteDir });
try {
  if (!checkOnly)
    console.log(`rebuild-rollups: ${await rebuildMemberRoundRollups(database.db)} member rows written`);
  const result = await checkMemberRoundRollups(database.db);
  console.log(JSON.stringify(result, null, 2));
  process.exitCode = result.ok ? 0 : 1;
} catch (error) {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  console.error(`rebuild-rollups: ${cause instanceof Error ? cause.message : cause}`);
  process.exitCode = 2;
} finally {
  await database.close();
}
