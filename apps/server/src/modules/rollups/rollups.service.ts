import type { Executor } from '../../platform/db/database.ts';
import * as money from './money-rollups.store.ts';
import * as store from './rollups.store.ts';
import * as team from './team-rollups.store.ts';

export type { TeamFigures } from './team-rollups.store.ts';
export { activeMemberCount, moveTeamHistory, teamFiguresByDay } from './team-rollups.store.ts';

/** Minutes after its end that a period closes (ADR 030): settlements wait this long for late rounds. */
export function rollupGraceMinutes(db: Executor): Promise<number> {
  return store.graceMinutes(db);
}

const DIFFERENCES_SHOWN = 20;

/**
 * The member rollups against a recomputation from the raw records (ADR 030): every hour, category
 * and vendor of every member must agree to the cent. Answers the rows that differ (at most 20).
 */
export async function checkMemberRoundRollups(
  db: Executor,
): Promise<{ ok: boolean; rows: number; differences: string[] }> {
  const [differences, rows] = await Promise.all([
    store.roundDifferences(db, DIFFERENCES_SHOWN),
    store.countRoundRows(db),
  ]);
  return { ok: differences.length === 0, rows, differences };
}

/** Recomputes the member rollups from the raw records; answers how many rows were written. */
export function rebuildMemberRoundRollups(db: Executor): Promise<number> {
  return store.replaceMemberRoundRollups(db);
}

/** The money rollups against the ledger's main-wallet entries, to the cent (ADR 035). */
export async function checkMemberMoneyRollups(
  db: Executor,
): Promise<{ ok: boolean; rows: number; differences: string[] }> {
  const [differences, rows] = await Promise.all([
    money.moneyDifferences(db, DIFFERENCES_SHOWN),
    money.countMoneyRows(db),
  ]);
  return { ok: differences.length === 0, rows, differences };
}

/** Recomputes the money rollups from the ledger; answers how many rows were written. */
export function rebuildMemberMoneyRollups(db: Executor): Promise<number> {
  return money.replaceMemberMoneyRollups(db);
}

/**
 * The team rollups, with the deltas still pending, against the member rollups summed over each
 * upline's line as the closure has it now (ADR 035).
 */
export async function checkTeamRollups(
  db: Executor,
): Promise<{ ok: boolean; rows: number; differences: string[] }> {
  const [differences, rows] = await Promise.all([
    team.teamDifferences(db, DIFFERENCES_SHOWN),
    team.countTeamHours(db),
  ]);
  return { ok: differences.length === 0, rows, differences };
}

/** Recomputes the team rollups from the member rollups (run after rebuilding those). */
export function rebuildTeamRollups(db: Executor): Promise<number> {
  return team.replaceTeamRollups(db);
}

/** Folds pending deltas into the team rollups, `batch` at a time, until none is left; answers how many. */
export async function foldTeamRollups(db: Executor, batch = 5_000): Promise<number> {
  let folded = 0;
  for (;;) {
    const taken = await team.foldPendingDeltas(db, batch);
    folded += taken;
    if (taken < batch) return folded;
  }
}

const HOUR_MS = 3_600_000;

/** The instant the site-time hour holding `at` begins (an offset such as +05:30 moves it off the UTC hour). */
function siteHourOf(at: Date, offsetMinutes: number): Date {
  const shift = offsetMinutes * 60_000;
  return new Date(Math.floor((at.getTime() + shift) / HOUR_MS) * HOUR_MS - shift);
}

/**
 * A period as whole site hours, the rollups' grain (ADR 035): a site day is unchanged, a date-time
 * bound widens to the hour holding it. `fromHour`..`toHour` are the hour starts to read; `from`..`to`
 * the instants covered, which a report's answer states.
 */
export function wholeSiteHoursOf(period: { from: Date; to: Date }, offsetMinutes: number) {
  const fromHour = siteHourOf(period.from, offsetMinutes);
  const toHour = siteHourOf(period.to, offsetMinutes);
  return { fromHour, toHour, from: fromHour, to: new Date(toHour.getTime() + HOUR_MS - 1) };
}
