// Recomputes the rollups — members' settled rounds from the bet records and the vendors' credits,
// members' main-wallet money from the ledger, then every upline's team rollups and active pairs
// from those (ADR 035, 041) — and
// checks each against a second recomputation; exits 1 if one disagrees, 2 if the rebuild could
// not run:
//   DATABASE_URL=postgres://… npm run ops:rebuild-rollups
// Without DATABASE_URL it uses the PGlite directory in PGLITE_DIR (stop the server first: one
// process owns a PGlite directory). `--check` only compares, writing nothing.
import {
  checkActiveDays,
  checkMemberMoneyRollups,
  checkMemberRoundRollups,
  checkTeamRollups,
  rebuildRollups,
} from '../modules/rollups/rollups.service.ts';
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
  const { db } = database;
  if (!checkOnly) await rebuildRollups(db, (line) => console.log(`rebuild-rollups: ${line}`));
  const result = {
    rounds: await checkMemberRoundRollups(db),
    money: await checkMemberMoneyRollups(db),
    team: await checkTeamRollups(db),
    active: await checkActiveDays(db),
  };
  console.log(JSON.stringify(result, null, 2));
  process.exitCode = Object.values(result).every((check) => check.ok) ? 0 : 1;
} catch (error) {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  console.error(`rebuild-rollups: ${cause instanceof Error ? cause.message : cause}`);
  process.exitCode = 2;
} finally {
  await database.close();
}
