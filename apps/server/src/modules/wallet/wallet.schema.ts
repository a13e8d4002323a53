import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from '../identity/identity.schema.ts';

/** Wallet rules an operator sets (one row, id 1): withdrawal limits, confirmation window, wallet mode. */
export const walletSettings = pgTable('wallet_settings', {
  id: integer('id').primaryKey().default(1),
  withdrawMinMinor: bigint('withdraw_min_minor', { mode: 'bigint' }).notNull(),
  withdrawMaxMinor: bigint('withdraw_max_minor', { mode: 'bigint' }).notNull(),
  withdrawDailyCount: integer('withdraw_daily_count').notNull(),
  /** Minutes a member has to confirm a paid withdrawal before it counts as received (spec 4.10). */
  withdrawConfirmMinutes: integer('withdraw_confirm_minutes').notNull(),
  transferMinMinor: bigint('transfer_min_minor', { mode: 'bigint' }).notNull(),
  /** Spec 3 merchant wallet `isSingle`: one wallet for every vendor, no transfer wallets. */
  singleWallet: boolean('single_wallet').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Vendors whose games need a transfer wallet of their own (the others play from the main wallet). */
export const transferWalletVendors = pgTable('transfer_wallet_vendors', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
});

/** Where a member's withdrawals are paid: bank or e-wallet accounts in the member's own name. */
export const payeeAccounts = pgTable(
  'payee_accounts',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    /** BANK or EWALLET */
    kind: text('kind').notNull(),
    /** The bank or e-wallet, e.g. BDO, GCASH. */
    institution: text('institution').notNull(),
    accountName: text('account_name').notNull(),
    accountNumber: text('account_number').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (table) => [
    index('payee_accounts_member_idx').on(table.memberId),
    uniqueIndex('payee_accounts_member_number_key')
      .on(table.memberId, table.institution, table.accountNumber)
      .where(sql`${table.removedAt} is null`),
  ],
);
