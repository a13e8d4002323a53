import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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
