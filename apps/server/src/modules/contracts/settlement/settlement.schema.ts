import { BILL_STATUSES, type BillStatus } from '@fortuna/contracts/contract-bill-ops';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from '../../identity/identity.schema.ts';
import { ledgerTransactions } from '../../ledger/ledger.schema.ts';
import { agentContracts } from '../contracts.schema.ts';

// What a bill is (ADR 038): the statuses the operators' calls answer too.
export { BILL_STATUSES, type BillStatus } from '@fortuna/contracts/contract-bill-ops';

/**
 * One settled period of one contract (ADR 038): the calculation an agent can check by hand (base,
 * tier, rate, amount) and what has been paid of it. At most one per (contract, period): the
 * settlement that writes it runs once per period (job_runs), and this key holds even if it did not.
 */
export const contractBills = pgTable(
  'contract_bills',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    contractId: bigint('contract_id', { mode: 'bigint' })
      .notNull()
      .references(() => agentContracts.id),
    /** DAILY_SALARY, HOUR_SALARY, REALTIME_SALARY or DIVIDEND (agent_contracts.type, ADR 037). */
    contractType: text('contract_type').notNull(),
    periodKey: text('period_key').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    /** The upline who pays; null: the platform (a top-level contract), from the house account. */
    payerMemberId: bigint('payer_member_id', { mode: 'bigint' }).references(() => members.id),
    payeeMemberId: bigint('payee_member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    /** What the rate applied to: valid bets (salaries), net loss plus carry (dividend). */
    baseMinor: bigint('base_minor', { mode: 'bigint' }).notNull(),
    validBetMinor: bigint('valid_bet_minor', { mode: 'bigint' }).notNull(),
    netLossMinor: bigint('net_loss_minor', { mode: 'bigint' }).notNull(),
    activeMembers: integer('active_members').notNull(),
    /** 1-based; null when no tier was reached. */
    tierLevel: integer('tier_level'),
    /** Parts per million (settlement/rates.ts); the single-bet rate of a real-time salary. */
    ratePpm: bigint('rate_ppm', { mode: 'bigint' }).notNull(),
    lossRatePpm: bigint('loss_rate_ppm', { mode: 'bigint' }),
    profitRatePpm: bigint('profit_rate_ppm', { mode: 'bigint' }),
    /** Dividend: the loss carried in from the previous period, and out to the next (≤ 0). */
    carriedInMinor: bigint('carried_in_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    carriedOutMinor: bigint('carried_out_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    paidMinor: bigint('paid_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Payments made so far: the next one's number is this plus one (its ledger key). */
    paymentCount: integer('payment_count').notNull().default(0),
    status: text('status').$type<BillStatus>().notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('contract_bills_once_per_period').on(table.contractId, table.periodKey),
    index('contract_bills_payee_idx').on(table.payeeMemberId, table.contractType, table.periodStart),
    // The records list reads the bills an agent pays beside those it is paid (payee or payer: a
    // BitmapOr of the two indexes, not a scan of every bill), and "passed on" sums a payer's period.
    index('contract_bills_payer_idx').on(table.payerMemberId, table.contractType, table.periodStart),
    // The retry sweep reads only the bills still owed something.
    index('contract_bills_owed_idx')
      .on(table.id)
      .where(sql`${table.status} in ('ISSUED', 'PARTIALLY_PAID', 'INSUFFICIENT_BALANCE')`),
    check(
      'contract_bills_status_known',
      sql`${table.status} in (${sql.raw(BILL_STATUSES.map((s) => `'${s}'`).join(', '))})`,
    ),
    check('contract_bills_paid_within_amount', sql`${table.paidMinor} between 0 and ${table.amountMinor}`),
    check(
      'contract_bills_carry_is_a_loss',
      sql`${table.carriedInMinor} <= 0 and ${table.carriedOutMinor} <= 0`,
    ),
  ],
);

/** Each payment against a bill: its own ledger transaction, keyed by (bill, payment number). */
export const contractBillPayments = pgTable(
  'contract_bill_payments',
  {
    billId: bigint('bill_id', { mode: 'bigint' })
      .notNull()
      .references(() => contractBills.id),
    paymentNumber: integer('payment_number').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerTransactions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'contract_bill_payments_pkey', columns: [table.billId, table.paymentNumber] }),
    // From a ledger credit back to its bill's contract type: the agent's income per source.
    uniqueIndex('contract_bill_payments_ledger_transaction_idx').on(table.ledgerTransactionId),
    check('contract_bill_payments_positive', sql`${table.amountMinor} > 0`),
  ],
);

/**
 * The operators' settings of contract settlement (ADR 048): one row, once an operator has set
 * something. The approval threshold: bills of more wait as AWAITING_APPROVAL; null: none. Without
 * the row, the server's configuration (CONTRACT_BILL_APPROVAL_ABOVE_MINOR) is in force.
 */
export const contractSettings = pgTable(
  'contract_settings',
  {
    id: integer('id').primaryKey().default(1),
    approvalAboveMinor: bigint('approval_above_minor', { mode: 'bigint' }),
    updatedBy: text('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('contract_settings_one_row', sql`${table.id} = 1`),
    check('contract_settings_threshold_not_negative', sql`${table.approvalAboveMinor} >= 0`),
  ],
);
