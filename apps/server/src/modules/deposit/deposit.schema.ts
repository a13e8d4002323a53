import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { members } from '../identity/identity.schema.ts';
import { ledgerTransactions } from '../ledger/ledger.schema.ts';

/** Ways to pay in (spec 2.6 depositv2): limits and fee from configuration. */
export const depositChannels = pgTable('deposit_channels', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  /** GATEWAY (hosted pay page, signed callback) or BANK_TRANSFER (approved by an operator). */
  kind: text('kind').notNull(),
  minMinor: bigint('min_minor', { mode: 'bigint' }).notNull(),
  maxMinor: bigint('max_minor', { mode: 'bigint' }).notNull(),
  /** Fee in basis points of the amount plus a fixed part, charged on top or kept by the house. */
  feeBasisPoints: integer('fee_basis_points').notNull().default(0),
  feeFixedMinor: bigint('fee_fixed_minor', { mode: 'bigint' }).notNull().default(sql`0`),
  /** Bank details shown for manual transfers (bank, account name, number). */
  instructions: jsonb('instructions').$type<Record<string, string>>().notNull().default({}),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  /**
   * How long an unpaid order stays PENDING before the expiry task makes it EXPIRED; null takes the
   * default of the channel's kind (deposit-expiry.ts: 30 minutes for a gateway, 72 hours for a bank
   * transfer).
   */
  orderLifetimeMinutes: integer('order_lifetime_minutes'),
});

/** A member's deposit: created PENDING, credited exactly once when paid or approved. */
export const depositOrders = pgTable(
  'deposit_orders',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** Short number shown to members and operators, e.g. D20261123-000042. */
    orderNo: text('order_no').notNull().unique(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    channelCode: text('channel_code')
      .notNull()
      .references(() => depositChannels.code),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    feeMinor: bigint('fee_minor', { mode: 'bigint' }).notNull(),
    /** PENDING, PAID, APPROVED, REJECTED, EXPIRED, FAILED */
    status: text('status').notNull(),
    /** The gateway's own id of the payment, or the member's bank reference for a manual transfer. */
    externalReference: text('external_reference'),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'bigint' }).references(
      () => ledgerTransactions.id,
    ),
    reviewedBy: bigint('reviewed_by', { mode: 'bigint' }),
    reviewNote: text('review_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** When the order expired unpaid; kept if the payment still arrives (paid late, ADR 012). */
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    /**
     * The order's place among its member's credited deposits (1: the first), counted in the
     * crediting transaction once the member's wallet is locked, so exact; capped a little past
     * the highest Nth-deposit ordinal (ADR 078). Null until credited.
     */
    creditedOrdinal: integer('credited_ordinal'),
    /**
     * When the promotions were evaluated for this credited deposit, set in the transaction that
     * writes its grants and only while null: a deposit is granted once, whoever evaluates it (ADR 078).
     */
    promotionsEvaluatedAt: timestamp('promotions_evaluated_at', { withTimezone: true }),
  },
  (table) => [
    index('deposit_orders_member_idx').on(table.memberId, table.createdAt),
    // The expiry task's scan: pending orders, oldest first.
    index('deposit_orders_status_created_idx').on(table.status, table.createdAt),
    // The promotions sweep's scan: credited orders not evaluated yet, a handful at most (ADR 078).
    index('deposit_orders_unevaluated_idx')
      .on(table.settledAt)
      .where(sql`${table.promotionsEvaluatedAt} is null and ${table.ledgerTransactionId} is not null`),
  ],
);
