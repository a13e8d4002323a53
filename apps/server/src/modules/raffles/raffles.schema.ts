import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

/** One prize tier as stored: `winners` tickets win `amountMinor` each. */
export interface StoredPrizeTier {
  winners: number;
  amountMinor: string;
}

/** A closed pause of a raffle, [from, to) as ISO instants: what happened in it earns no ticket (ADR 074). */
export interface RafflePause {
  from: string;
  to: string;
}

/**
 * A raffle (ADR 067). The seed is written with the row and its hash published at once, so the
 * commitment exists before any ticket; the seed is shown only once `status` is DRAWN.
 * `issued_count` numbers the tickets 1, 2, 3 … under the row's lock. `spent_minor` is what the
 * prizes took; the check keeps it within the budget whatever runs. An operator may pause it
 * (`paused_since`; each pause, once resumed, kept in `pauses`) or cancel it before the draw
 * (`cancelled_at`): ADR 074.
 */
export const raffles = pgTable(
  'raffles',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    /** Plain-text title per language; EN always there. */
    titles: jsonb('titles').$type<Record<string, string>>().notNull(),
    status: text('status').notNull().default('OPEN'),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    drawAt: timestamp('draw_at', { withTimezone: true }).notNull(),
    validBetsPerTicketMinor: bigint('valid_bets_per_ticket_minor', { mode: 'bigint' }),
    depositMinMinor: bigint('deposit_min_minor', { mode: 'bigint' }),
    maxTicketsPerMember: integer('max_tickets_per_member').notNull(),
    prizes: jsonb('prizes').$type<StoredPrizeTier[]>().notNull(),
    budgetMinor: bigint('budget_minor', { mode: 'bigint' }).notNull(),
    spentMinor: bigint('spent_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    seed: text('seed').notNull(),
    seedHash: text('seed_hash').notNull(),
    issuedCount: integer('issued_count').notNull().default(0),
    /** Fixed by the draw: SHA-256 of the closed ticket list. */
    closingValue: text('closing_value'),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    /** Since when it is paused; null unless PAUSED. */
    pausedSince: timestamp('paused_since', { withTimezone: true }),
    /** Its past pauses, oldest first. */
    pauses: jsonb('pauses').$type<RafflePause[]>().notNull().default(sql`'[]'::jsonb`),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('raffles_code_key').on(table.code),
    check('raffles_status_known', sql`${table.status} in ('OPEN', 'PAUSED', 'CANCELLED', 'DRAWN')`),
    check('raffles_paused_has_since', sql`(${table.status} = 'PAUSED') = (${table.pausedSince} is not null)`),
    check(
      'raffles_cancelled_has_time',
      sql`(${table.status} = 'CANCELLED') = (${table.cancelledAt} is not null)`,
    ),
    check('raffles_budget_not_overdrawn', sql`${table.spentMinor} between 0 and ${table.budgetMinor}`),
    check('raffles_draw_after_open', sql`${table.drawAt} > ${table.opensAt}`),
    check(
      'raffles_drawn_has_closing_value',
      sql`(${table.status} = 'DRAWN') = (${table.closingValue} is not null)`,
    ),
    index('raffles_open_draw_idx').on(table.drawAt).where(sql`${table.status} = 'OPEN'`),
  ],
);

/** A member who claimed the raffle (spec 7.4 MCS2_claimRafflePromotion): only they earn tickets. */
export const raffleEntrants = pgTable(
  'raffle_entrants',
  {
    raffleId: bigint('raffle_id', { mode: 'bigint' })
      .notNull()
      .references(() => raffles.id),
    memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.raffleId, table.memberId] })],
);

/**
 * A ticket. `source` names the event that earned it (a deposit's order number, the member's n-th
 * step of valid bets): unique per raffle, so an event earns at most one ticket however often
 * issuance runs. `number` is gapless and sequential per raffle.
 */
export const raffleTickets = pgTable(
  'raffle_tickets',
  {
    raffleId: bigint('raffle_id', { mode: 'bigint' })
      .notNull()
      .references(() => raffles.id),
    number: integer('number').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
    source: text('source').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.raffleId, table.number] }),
    unique('raffle_tickets_source_key').on(table.raffleId, table.source),
    index('raffle_tickets_member_idx').on(table.raffleId, table.memberId),
    check('raffle_tickets_number_positive', sql`${table.number} >= 1`),
  ],
);

/** A winning ticket and its prize, paid under the key `raffle:prize:<raffle>:<rank>`. */
export const raffleWinners = pgTable(
  'raffle_winners',
  {
    raffleId: bigint('raffle_id', { mode: 'bigint' })
      .notNull()
      .references(() => raffles.id),
    rank: integer('rank').notNull(),
    ticketNumber: integer('ticket_number').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
    prizeMinor: bigint('prize_minor', { mode: 'bigint' }).notNull(),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.raffleId, table.rank] }),
    unique('raffle_winners_ticket_key').on(table.raffleId, table.ticketNumber),
    check('raffle_winners_prize_positive', sql`${table.prizeMinor} > 0`),
  ],
);
