import type { GameCategory } from '@fortuna/contracts/categories';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from '../identity/identity.schema.ts';
import { ledgerTransactions } from '../ledger/ledger.schema.ts';

/**
 * The game vendors (spec 3): who they are, what they offer, whether they take bets, and how
 * money reaches them. The games catalogue references vendors by `code` (a game's `vassalage`).
 */
export const vendors = pgTable(
  'vendors',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    /** Contracts categories.ts; the first is where a round counts when the catalogue lacks its game. */
    categories: text('categories').array().$type<GameCategory[]>().notNull(),
    /** ACTIVE, MAINTENANCE, DISABLED. */
    status: text('status').notNull().default('ACTIVE'),
    sortOrder: integer('sort_order').notNull().default(0),
    /** SEAMLESS (calls our vendor protocol) or TRANSFER (a wallet of its own per member). */
    walletMode: text('wallet_mode').notNull(),
    /**
     * The HMAC key shared with the vendor. Kept as is because verifying an HMAC needs it; never
     * returned by any call. The house vendor's comes from HOUSE_VENDOR_SECRET at every start.
     */
    sharedSecret: text('shared_secret').notNull(),
    /** How far a signed call's timestamp may be from our clock, either way. */
    maxClockSkewSeconds: integer('max_clock_skew_seconds').notNull().default(300),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('vendors_status_known', sql`${table.status} in ('ACTIVE', 'MAINTENANCE', 'DISABLED')`),
    check('vendors_wallet_mode_known', sql`${table.walletMode} in ('SEAMLESS', 'TRANSFER')`),
    check('vendors_secret_long_enough', sql`length(${table.sharedSecret}) >= 16`),
  ],
);

/**
 * How a member is known to a vendor: an opaque random id per vendor, so that no vendor learns
 * usernames or internal ids, and two vendors cannot tell they share a player.
 */
export const vendorPlayers = pgTable(
  'vendor_players',
  {
    vendorCode: text('vendor_code')
      .notNull()
      .references(() => vendors.code),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    playerId: text('player_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('vendor_players_member_key').on(table.vendorCode, table.memberId),
    uniqueIndex('vendor_players_player_key').on(table.vendorCode, table.playerId),
  ],
);

/**
 * Every debit, credit and rollback a vendor sent, once per (vendor, transaction id), with the
 * first answer, which a repeat gets again. A DEBIT row in status TOMBSTONE is a debit id first
 * seen in a rollback: it holds the id so that the late debit is refused.
 */
export const vendorTransactions = pgTable(
  'vendor_transactions',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    vendorCode: text('vendor_code')
      .notNull()
      .references(() => vendors.code),
    transactionId: text('transaction_id').notNull(),
    /** DEBIT, CREDIT, ROLLBACK, CORRECTION (of a settled round, ADR 044). */
    kind: text('kind').notNull(),
    /** APPLIED; ROLLED_BACK (a debit refunded since); TOMBSTONE (a debit id known only from its rollback). */
    status: text('status').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    roundId: text('round_id').notNull(),
    gameCode: text('game_code').notNull(),
    /** What moved; null on a tombstone. */
    amountMinor: bigint('amount_minor', { mode: 'bigint' }),
    /** A rollback's debit. */
    refTransactionId: text('ref_transaction_id'),
    /** SHA-256 of what was asked: a repeat with another fingerprint is a conflict. */
    fingerprint: text('fingerprint').notNull(),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'bigint' }).references(
      () => ledgerTransactions.id,
    ),
    /** The answer sent the first time (VendorTransactionSchema); null on a tombstone. */
    answer: jsonb('answer').$type<Record<string, string>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('vendor_transactions_vendor_txn_key').on(table.vendorCode, table.transactionId),
    check(
      'vendor_transactions_kind_known',
      sql`${table.kind} in ('DEBIT', 'CREDIT', 'ROLLBACK', 'CORRECTION')`,
    ),
    check(
      'vendor_transactions_status_known',
      sql`${table.status} in ('APPLIED', 'ROLLED_BACK', 'TOMBSTONE')`,
    ),
  ],
);

/**
 * One row per round of one member at one vendor (a shared round, e.g. crash or baccarat, has a
 * row per member), kept in step with the postings in the same database transaction.
 * OPEN while bets come in; SETTLED at its first credit; CANCELLED when every debit was rolled back.
 */
export const betRecords = pgTable(
  'bet_records',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    vendorCode: text('vendor_code')
      .notNull()
      .references(() => vendors.code),
    roundId: text('round_id').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    gameCode: text('game_code').notNull(),
    /** The game's category in the catalogue when the round opened (seamless-movements.ts). */
    category: text('category').$type<GameCategory>().notNull(),
    /** Debits not rolled back, summed. */
    stakeMinor: bigint('stake_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    payoutMinor: bigint('payout_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    /**
     * The part of the stake drawn from the member's bonus balance (ADR 059): a win returns to the
     * balances in the shares that funded the stake. 0 for a round played with real money only.
     */
    bonusStakeMinor: bigint('bonus_stake_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    /** What counts towards turnover (rebates, VIP, agent reports): the stake once settled, else 0. */
    validBetMinor: bigint('valid_bet_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Debits in the round not rolled back: at 0 after a rollback, the round is CANCELLED. */
    liveDebits: integer('live_debits').notNull().default(0),
    status: text('status').notNull().default('OPEN'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * A long-open round (a lottery ticket): when its vendor said it will settle (the draw's time).
     * Operators' refund of open rounds counts the round's age from here, not from its opening (ADR 044).
     */
    settlesAt: timestamp('settles_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('bet_records_round_key').on(table.vendorCode, table.roundId, table.memberId),
    index('bet_records_member_opened_idx').on(table.memberId, table.openedAt),
    index('bet_records_member_settled_idx').on(table.memberId, table.settledAt),
    // Real-time agent salary reads the rounds settled in each five-minute window (ADR 038).
    index('bet_records_settled_idx').on(table.settledAt).where(sql`${table.settledAt} is not null`),
    // Operators list the rounds vendors left open, oldest first: few rows among all the settled ones.
    index('bet_records_open_opened_idx').on(table.openedAt).where(sql`${table.status} = 'OPEN'`),
    check('bet_records_status_known', sql`${table.status} in ('OPEN', 'SETTLED', 'CANCELLED')`),
    check('bet_records_amounts_not_negative', sql`${table.stakeMinor} >= 0 and ${table.payoutMinor} >= 0`),
    check(
      'bet_records_bonus_stake_within_stake',
      sql`${table.bonusStakeMinor} between 0 and ${table.stakeMinor}`,
    ),
  ],
);
