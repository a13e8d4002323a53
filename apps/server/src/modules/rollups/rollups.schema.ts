import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Settled rounds per member, per hour of the site's day, per category and vendor (ADR 030): kept
 * by the database in the same transaction as the round's settlement (the trigger of migration
 * 0018), so reports never scan bet records at request time. `hour_start` is the instant the
 * site-time hour begins; a site day is 24 of them.
 */
export const memberRoundRollups = pgTable(
  'member_round_rollups',
  {
    memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
    hourStart: timestamp('hour_start', { withTimezone: true }).notNull(),
    category: text('category').notNull(),
    vendorCode: text('vendor_code').notNull(),
    betCount: integer('bet_count').notNull().default(0),
    stakeMinor: bigint('stake_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    validBetMinor: bigint('valid_bet_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    payoutMinor: bigint('payout_minor', { mode: 'bigint' }).notNull().default(sql`0`),
  },
  (table) => [
    primaryKey({
      name: 'member_round_rollups_pkey',
      columns: [table.memberId, table.hourStart, table.category, table.vendorCode],
    }),
    // Every member's hours of one site day, as the daily rebate reads them (ADR 039). On the hour
    // alone, which an update never changes: the round path's updates stay HOT.
    index('member_round_rollups_hour').on(table.hourStart),
  ],
);

/** How periods close (one row, id 1): a period takes no more rounds this many minutes after its end. */
export const rollupSettings = pgTable(
  'rollup_settings',
  {
    id: integer('id').primaryKey().default(1),
    graceMinutes: integer('grace_minutes').notNull().default(10),
  },
  (table) => [check('rollup_settings_grace_range', sql`${table.graceMinutes} between 0 and 1440`)],
);

/**
 * Main-wallet money per member, per site-time hour, per ledger type and direction (ADR 035): kept
 * by a trigger on ledger_entries in the same transaction as the movement. A withdrawal is its hold
 * (OUT) less its release (IN); the team figures net them (team_money_figures).
 */
export const memberMoneyRollups = pgTable(
  'member_money_rollups',
  {
    memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
    hourStart: timestamp('hour_start', { withTimezone: true }).notNull(),
    ledgerType: text('ledger_type').notNull(),
    direction: text('direction').notNull(),
    entryCount: integer('entry_count').notNull().default(0),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull().default(sql`0`),
  },
  (table) => [
    primaryKey({
      name: 'member_money_rollups_pkey',
      columns: [table.memberId, table.hourStart, table.ledgerType, table.direction],
    }),
    check('member_money_rollups_direction', sql`${table.direction} in ('IN', 'OUT')`),
  ],
);

/** The figures a team report adds up, shared by the team rollups and their pending deltas. */
const teamFigures = () => ({
  betCount: integer('bet_count').notNull().default(0),
  stakeMinor: bigint('stake_minor', { mode: 'bigint' }).notNull().default(sql`0`),
  validBetMinor: bigint('valid_bet_minor', { mode: 'bigint' }).notNull().default(sql`0`),
  payoutMinor: bigint('payout_minor', { mode: 'bigint' }).notNull().default(sql`0`),
  depositMinor: bigint('deposit_minor', { mode: 'bigint' }).notNull().default(sql`0`),
  withdrawalMinor: bigint('withdrawal_minor', { mode: 'bigint' }).notNull().default(sql`0`),
  bonusMinor: bigint('bonus_minor', { mode: 'bigint' }).notNull().default(sql`0`),
  transferInMinor: bigint('transfer_in_minor', { mode: 'bigint' }).notNull().default(sql`0`),
  transferOutMinor: bigint('transfer_out_minor', { mode: 'bigint' }).notNull().default(sql`0`),
  /** Every main-wallet entry's amount: summed over all hours, the line's balance (ADR 041). */
  movementMinor: bigint('movement_minor', { mode: 'bigint' }).notNull().default(sql`0`),
  /** Registrations, in the hour the member was created (ADR 041). */
  newMembers: integer('new_members').notNull().default(0),
});

/**
 * A whole line's figures per agent (every member below it, any depth) per site-time hour (ADR 035):
 * folded from the pending deltas by the team fold job, so a team report reads one agent's hours.
 */
export const teamRollups = pgTable(
  'team_rollups',
  {
    ancestorId: bigint('ancestor_id', { mode: 'bigint' }).notNull(),
    hourStart: timestamp('hour_start', { withTimezone: true }).notNull(),
    ...teamFigures(),
  },
  (table) => [primaryKey({ name: 'team_rollups_pkey', columns: [table.ancestorId, table.hourStart] })],
);

/**
 * What the member rollups gained and the team rollups have not folded yet: written by triggers on
 * the member rollups in the same transaction, deleted by the fold that adds them to every upline
 * (ADR 035). A report adds the pending rows of its line, so it never lags.
 */
export const teamRollupDeltas = pgTable('team_rollup_deltas', {
  id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
  hourStart: timestamp('hour_start', { withTimezone: true }).notNull(),
  ...teamFigures(),
});

/**
 * The site days on which a member settled a round (ADR 041): `active_rows` counts its round rollup
 * rows of the day with a round, kept by a trigger on member_round_rollups in the round's own
 * transaction. A day is here while that count is above zero; its previous row is the member's
 * previous active day.
 */
export const memberActiveDays = pgTable(
  'member_active_days',
  {
    memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    activeRows: integer('active_rows').notNull(),
  },
  (table) => [primaryKey({ name: 'member_active_days_pkey', columns: [table.memberId, table.day] })],
);

/** Pair figures shared by the team's active pairs and their pending deltas (ADR 041). */
const activePairColumns = () => ({
  day: date('day', { mode: 'string' }).notNull(),
  /** The member's previous active day; '-infinity' when none or more than 92 days before `day`. */
  prevDay: date('prev_day', { mode: 'string' }).notNull(),
  pairs: integer('pairs').notNull(),
});

/**
 * Per agent and site day, how many members of its line were active that day, by each one's
 * previous active day (ADR 041): the members active in [from, to] are the pairs with the day in the
 * period and the previous day before `from`, whatever the line's size.
 */
export const teamActiveDays = pgTable(
  'team_active_days',
  { ancestorId: bigint('ancestor_id', { mode: 'bigint' }).notNull(), ...activePairColumns() },
  (table) => [
    primaryKey({ name: 'team_active_days_pkey', columns: [table.ancestorId, table.day, table.prevDay] }),
  ],
);

/** Pair changes of members not folded into team_active_days yet (ADR 041), like team_rollup_deltas. */
export const teamActiveDeltas = pgTable('team_active_deltas', {
  id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
  ...activePairColumns(),
});
