import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/db/database.ts';
import type { BranchMove } from './fold-sql.ts';
import * as money from './money-rollups.store.ts';
import * as store from './rollups.store.ts';
import * as active from './team-active.store.ts';
import * as team from './team-rollups.store.ts';

export { activeMembersOfDays } from './team-active.store.ts';
export type { TeamFigures } from './team-rollups.store.ts';
export { activeMemberCount, teamFiguresByDay, teamTotals } from './team-rollups.store.ts';

/**
 * Moves a branch's history — its team figures and its active pairs — from its old uplines to its
 * new ones, in the caller's transaction (the one that moves the member in the line).
 */
export async function moveTeamHistory(tx: Executor, move: BranchMove): Promise<number> {
  const hours = await team.moveTeamHistory(tx, move);
  await active.moveActiveHistory(tx, move);
  return hours;
}

/** Minutes after its end that a period closes (ADR 030): settlements wait this long for late rounds. */
export function rollupGraceMinutes(db: Executor): Promise<number> {
  return store.graceMinutes(db);
}

const DIFFERENCES_SHOWN = 20;

export interface RollupCheck {
  ok: boolean;
  rows: number;
  differences: string[];
}

/** A check's answer: the rows compared and the differences found (at most DIFFERENCES_SHOWN). */
async function checked(differences: Promise<string[]>, rows: Promise<number>): Promise<RollupCheck> {
  const [found, compared] = await Promise.all([differences, rows]);
  return { ok: found.length === 0, rows: compared, differences: found };
}

/**
 * The member rollups against a recomputation from the raw records (ADR 030): every hour, category
 * and vendor of every member must agree to the cent. Answers the rows that differ (at most 20).
 */
export async function checkMemberRoundRollups(db: Executor): Promise<RollupCheck> {
  return checked(store.roundDifferences(db, DIFFERENCES_SHOWN), store.countRoundRows(db));
}

/** Recomputes the member rollups from the raw records; answers how many rows were written. */
export function rebuildMemberRoundRollups(db: Executor): Promise<number> {
  return store.replaceMemberRoundRollups(db);
}

/** The money rollups against the ledger's main-wallet entries, to the cent (ADR 035). */
export async function checkMemberMoneyRollups(db: Executor): Promise<RollupCheck> {
  return checked(money.moneyDifferences(db, DIFFERENCES_SHOWN), money.countMoneyRows(db));
}

/** Recomputes the money rollups from the ledger; answers how many rows were written. */
export function rebuildMemberMoneyRollups(db: Executor): Promise<number> {
  return money.replaceMemberMoneyRollups(db);
}

/**
 * The team rollups, with the deltas still pending, against the member rollups summed over each
 * upline's line as the closure has it now (ADR 035).
 */
export async function checkTeamRollups(db: Executor): Promise<RollupCheck> {
  return checked(team.teamDifferences(db, DIFFERENCES_SHOWN), team.countTeamHours(db));
}

/** Recomputes the team rollups from the member rollups (run after rebuilding those). */
export function rebuildTeamRollups(db: Executor): Promise<number> {
  return team.replaceTeamRollups(db);
}

/**
 * The members' active days against their round rollups, and every upline's active pairs (pending
 * deltas counted in) against its line's as the closure has it now (ADR 041).
 */
export async function checkActiveDays(db: Executor): Promise<RollupCheck> {
  return checked(active.activeDifferences(db, DIFFERENCES_SHOWN), active.countActivePairs(db));
}

/** Recomputes the active days and the uplines' pairs from the round rollups (run after rebuilding those). */
export function rebuildActiveDays(db: Executor): Promise<number> {
  return active.replaceActiveDays(db);
}

/** Every table a rebuild rewrites, and the queues it empties. */
const REBUILT_TABLES = [
  'member_round_rollups',
  'member_money_rollups',
  'team_rollups',
  'team_rollup_deltas',
  'member_active_days',
  'team_active_days',
  'team_active_deltas',
] as const;

/**
 * Rebuilds every rollup from the raw records, in order (each from the ones before), then VACUUM
 * ANALYZEs what it rewrote: a rebuild leaves every old row dead and the planner's statistics
 * stale (a report read the emptied queue by a sequential scan of its dead rows until vacuumed).
 * Reports each step to `log`.
 */
export async function rebuildRollups(db: Database, log: (line: string) => void): Promise<void> {
  log(`${await rebuildMemberRoundRollups(db)} member round rows written`);
  log(`${await rebuildMemberMoneyRollups(db)} member money rows written`);
  log(`${await rebuildTeamRollups(db)} team rows written`);
  log(`${await rebuildActiveDays(db)} team active pair rows written`);
  // VACUUM runs outside a transaction, one table at a time.
  for (const table of REBUILT_TABLES) await db.execute(sql.raw(`vacuum analyze ${table}`));
  log(`vacuumed and analysed ${REBUILT_TABLES.join(', ')}`);
}

/**
 * Folds pending deltas into the team rollups and pending pair deltas into the active pairs,
 * `batch` at a time, until both queues are empty; answers how many.
 */
export async function foldTeamRollups(db: Executor, batch = 5_000): Promise<number> {
  let folded = 0;
  for (;;) {
    const taken = await team.foldPendingDeltas(db, batch);
    const pairs = await active.foldActiveDeltas(db, batch);
    folded += taken + pairs;
    if (taken < batch && pairs < batch) return folded;
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
