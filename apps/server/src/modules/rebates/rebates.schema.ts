import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rebate rates (ADR 039): basis points of valid bets per member level and game category. A missing
 * row is 0. Every member is on level DEFAULT until VIP levels exist (rebate-levels.ts).
 */
export const rebateRates = pgTable(
  'rebate_rates',
  {
    level: text('level').notNull(),
    category: text('category').notNull(),
    rateBp: integer('rate_bp').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by').notNull(),
  },
  (table) => [
    primaryKey({ name: 'rebate_rates_pkey', columns: [table.level, table.category] }),
    check('rebate_rates_rate_range', sql`${table.rateBp} between 0 and 10000`),
  ],
);

/**
 * What has been paid of a member's rebate for one site day and category (ADR 039): the rate, fixed
 * at the row's first payment, the valid bets of its latest payment, and the amounts paid by claims
 * and by the daily job. Together they never exceed floor(valid × rate / 10 000).
 */
export const rebatePayouts = pgTable(
  'rebate_payouts',
  {
    memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
    dayStart: timestamp('day_start', { withTimezone: true }).notNull(),
    category: text('category').notNull(),
    level: text('level').notNull(),
    rateBp: integer('rate_bp').notNull(),
    validBetMinor: bigint('valid_bet_minor', { mode: 'bigint' }).notNull(),
    claimedMinor: bigint('claimed_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    jobMinor: bigint('job_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'rebate_payouts_pkey', columns: [table.memberId, table.dayStart, table.category] }),
    check('rebate_payouts_paid_not_negative', sql`${table.claimedMinor} >= 0 and ${table.jobMinor} >= 0`),
    // The operators' list of payouts reads a day at a time.
    index('rebate_payouts_day').on(table.dayStart),
  ],
);

/** Site days the daily job has settled (ADR 039): claims no longer reach them. */
export const rebateDays = pgTable('rebate_days', {
  dayStart: timestamp('day_start', { withTimezone: true }).primaryKey(),
  periodKey: text('period_key').notNull(),
  settledAt: timestamp('settled_at', { withTimezone: true }).notNull().defaultNow(),
  membersPaid: integer('members_paid').notNull(),
  paidMinor: bigint('paid_minor', { mode: 'bigint' }).notNull(),
});
