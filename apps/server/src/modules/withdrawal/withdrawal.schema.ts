import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { members } from '../identity/identity.schema.ts';
import { ledgerTransactions } from '../ledger/ledger.schema.ts';
import { payeeAccounts } from '../wallet/wallet.schema.ts';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * A withdrawal: the amount is held at request time (WITHDRAWAL_HOLD), then paid out or released.
 * Status: PENDING → APPROVED → PAID → RECEIVED | NOT_RECEIVED | PARTIALLY_RECEIVED | AUTO_RECEIVED,
 * or PENDING → REJECTED (hold released); a dispute (NOT_RECEIVED | PARTIALLY_RECEIVED) ends
 * RESOLVED_PAID (it arrived after all) or RESOLVED_RETURNED (what did not arrive went back).
 */
export const withdrawalRequests = pgTable(
  'withdrawal_requests',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    orderNo: text('order_no').notNull().unique(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    payeeAccountId: bigint('payee_account_id', { mode: 'bigint' })
      .notNull()
      .references(() => payeeAccounts.id),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    status: text('status').notNull(),
    holdTransactionId: bigint('hold_transaction_id', { mode: 'bigint' }).references(
      () => ledgerTransactions.id,
    ),
    settleTransactionId: bigint('settle_transaction_id', { mode: 'bigint' }).references(
      () => ledgerTransactions.id,
    ),
    /** What the member says arrived, for PARTIALLY_RECEIVED. */
    receivedMinor: bigint('received_minor', { mode: 'bigint' }),
    memberNote: text('member_note'),
    /** After payout: by then the member confirms, or it counts as received. */
    confirmBy: timestamp('confirm_by', { withTimezone: true }),
    /** A forced receipt (no answer in time, or an operator's) cannot be reversed (spec 4.10). */
    forcedReceipt: boolean('forced_receipt').notNull().default(false),
    decidedBy: bigint('decided_by', { mode: 'bigint' }),
    decisionNote: text('decision_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** An operator's follow-up of a NOT_RECEIVED / PARTIALLY_RECEIVED confirmation. */
    resolvedBy: bigint('resolved_by', { mode: 'bigint' }),
    resolutionNote: text('resolution_note'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** What went back to the member's main wallet (RESOLVED_RETURNED), posted as settle_transaction_id. */
    returnedMinor: bigint('returned_minor', { mode: 'bigint' }),
  },
  (table) => [
    index('withdrawal_requests_member_idx').on(table.memberId, table.createdAt),
    index('withdrawal_requests_confirm_idx').on(table.status, table.confirmBy),
  ],
);

/** Proof images of a "not received" confirmation: png or jpg, checked by content, ≤ 5 MB, ≤ 3. */
export const withdrawalProofs = pgTable('withdrawal_proofs', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  withdrawalId: uuid('withdrawal_id')
    .notNull()
    .references(() => withdrawalRequests.id),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  content: bytea('content').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
