import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from '../identity/identity.schema.ts';

/**
 * Where money sits: one row per member wallet and per system account (house, payment clearing,
 * vendor wallets, bonus). `balance_minor` is a running total kept in the same database
 * transaction as the entries, so reading a balance is one row; reconciliation proves that it
 * always equals the sum of the account's entries.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    /** MEMBER_MAIN, MEMBER_VENDOR, HOUSE, PAYMENT_CLEARING, VENDOR, BONUS, … (ledger-accounts.ts). */
    kind: text('kind').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' }).references(() => members.id),
    /** The game vendor's code, for vendor wallets (a member's transfer wallet or the vendor's own). */
    vendor: text('vendor'),
    /**
     * Which row of its owner's account this is: 0, except for a vendor's own account, which is
     * kept as VENDOR_ACCOUNT_SHARDS rows so that concurrent bets do not queue on one row (ADR 080).
     */
    shard: smallint('shard').notNull().default(0),
    currency: text('currency').notNull(),
    balanceMinor: bigint('balance_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Nulls not distinct: one HOUSE account, one main account per member, one wallet per vendor
    // (one row per shard of a vendor's own account).
    unique('ledger_accounts_owner_key')
      .on(table.kind, table.memberId, table.vendor, table.shard)
      .nullsNotDistinct(),
    check(
      'ledger_accounts_only_vendors_sharded',
      sql`${table.shard} = 0 or (${table.kind} = 'VENDOR' and ${table.shard} between 1 and 63)`,
    ),
    // The last line of defence behind the service's conditional updates: a member never owes money.
    check(
      'ledger_accounts_member_not_negative',
      sql`${table.kind} not like 'MEMBER%' or ${table.balanceMinor} >= 0`,
    ),
    check(
      'ledger_accounts_member_kind_has_member',
      sql`(${table.kind} like 'MEMBER%') = (${table.memberId} is not null)`,
    ),
  ],
);

/**
 * One movement of money. Never edited: a correction is a REVERSAL transaction that points at
 * the one it compensates. The idempotency key makes a retried request return the first answer.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    /** DEPOSIT, WITHDRAWAL_HOLD, TRANSFER, VENDOR_DEBIT, VENDOR_CREDIT, ADJUSTMENT, REVERSAL, … */
    type: text('type').notNull(),
    /** What the movement belongs to: an order number, a vendor round id, a reversal's reason. */
    reference: text('reference').notNull(),
    /** Who asked for it: 'member:12', 'operator:3', 'vendor:PG', 'system'. */
    actor: text('actor').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the canonical request (type, reference, entries): tells a retry from a reused key. */
    requestFingerprint: text('request_fingerprint').notNull(),
    reversesTransactionId: bigint('reverses_transaction_id', { mode: 'bigint' }).references(
      (): AnyPgColumn => ledgerTransactions.id,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ledger_transactions_idempotency_key').on(table.idempotencyKey),
    // A transaction is reversed at most once, whatever idempotency key the second attempt carries.
    uniqueIndex('ledger_transactions_reverses_key')
      .on(table.reversesTransactionId)
      .where(sql`${table.reversesTransactionId} is not null`),
  ],
);

/**
 * The legs of a transaction; they sum to zero. Sign convention, from the account's point of
 * view: a positive amount is a credit (the balance grows), a negative one a debit (it shrinks),
 * so an account's balance is the plain sum of its entries. `balance_after_minor` is the
 * account's balance right after this entry: a statement line, and the replayed first answer.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: bigint('transaction_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: bigint('account_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    balanceAfterMinor: bigint('balance_after_minor', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ledger_entries_account_idx').on(table.accountId, table.id),
    // One leg per account in a transaction: the balance after it is then unambiguous.
    uniqueIndex('ledger_entries_transaction_account_key').on(table.transactionId, table.accountId),
    check('ledger_entries_amount_not_zero', sql`${table.amountMinor} <> 0`),
  ],
);
