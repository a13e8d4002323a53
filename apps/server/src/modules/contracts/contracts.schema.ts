import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Agent contracts (issue 16, ADR 037): what an upline (or the platform, for a top-level agent)
 * pays a direct downline agent. A contract counts for the periods inside [starts_at, ends_at) while
 * its status is ACTIVE; settlement (ADR 038) reads exactly that window and the tier rows below.
 */
export const agentContracts = pgTable(
  'agent_contracts',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    /** DIVIDEND, DAILY_SALARY, HOUR_SALARY, REALTIME_SALARY. */
    type: text('type').notNull(),
    /** The downline agent who holds the contract and is paid by it. */
    memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
    /** Who offered it: the member's direct upline; null when the platform (an operator) did. */
    uplineId: bigint('upline_id', { mode: 'bigint' }),
    /** PLATFORM for a top-level agent's contract, UPLINE otherwise. */
    payer: text('payer').notNull(),
    /** D, W, H (semi-monthly), M for a dividend; D daily salary; HOUR; 5MIN real-time salary. */
    period: text('period').notNull(),
    /** AWAITING (acceptance), ACTIVE, REJECTED, INVALID (voided before it began). EXPIRED is read from ends_at. */
    status: text('status').notNull(),
    /** Inclusive: the first period it counts for (the start of the period after acceptance). */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    /** Exclusive: the start of the first period it no longer counts for; null while open-ended. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Why it ends: REPLACED, FINISHED, TERMINATED, INVALIDATED (the ratio rule, spec 4.10). */
    endReason: text('end_reason'),
    /** The upline's (or operator's) request to end it, waiting for the member's answer. */
    terminationRequestedAt: timestamp('termination_requested_at', { withTimezone: true }),
    /** 'member:12' or 'operator:3': who offered it. */
    offeredBy: text('offered_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One offer at a time per member and type: a second one is an overlap, refused by the database too.
    uniqueIndex('agent_contracts_one_offer_idx')
      .on(table.memberId, table.type)
      .where(sql`status = 'AWAITING'`),
    index('agent_contracts_member_idx').on(table.memberId, table.type, table.status),
    index('agent_contracts_upline_idx').on(table.uplineId, table.type, table.status),
    // Settlement: the contracts of a type active in a period.
    index('agent_contracts_active_idx').on(table.type, table.startsAt).where(sql`status = 'ACTIVE'`),
  ],
);

/**
 * A contract's tiers, snapshotted when it is offered: a later change of an operator's template
 * never changes what was agreed. A fixed rate is one tier without requirements. The tier reached
 * is the highest position whose every requirement is met.
 */
export const agentContractTiers = pgTable(
  'agent_contract_tiers',
  {
    contractId: bigint('contract_id', { mode: 'bigint' })
      .notNull()
      .references(() => agentContracts.id),
    /** 1 is the lowest tier. */
    position: smallint('position').notNull(),
    minValidBetMinor: bigint('min_valid_bet_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    minActiveMembers: integer('min_active_members').notNull().default(0),
    /** Bet amount of the period (per day or per hour). */
    minBetMinor: bigint('min_bet_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    minNetLossMinor: bigint('min_net_loss_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Parts per million (100 % = 1,000,000): the salary or dividend rate; real-time: the single-bet rate. */
    ratePpm: integer('rate_ppm').notNull(),
    /** Real-time salary only (0 otherwise): on the window's net loss and net profit. */
    lossRatePpm: integer('loss_rate_ppm').notNull().default(0),
    profitRatePpm: integer('profit_rate_ppm').notNull().default(0),
  },
  (table) => [
    primaryKey({ name: 'agent_contract_tiers_pkey', columns: [table.contractId, table.position] }),
    // The last guard of the rates the service checks: never negative, never above 100 %.
    check(
      'agent_contract_tiers_rates_check',
      sql`${table.ratePpm} between 0 and 1000000 and ${table.lossRatePpm} between 0 and 1000000 and ${table.profitRatePpm} between 0 and 1000000`,
    ),
  ],
);

/** Every change of a contract, with who and when: its audit trail, shown to both sides. */
export const agentContractEvents = pgTable(
  'agent_contract_events',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    contractId: bigint('contract_id', { mode: 'bigint' })
      .notNull()
      .references(() => agentContracts.id),
    /** OFFERED, ACCEPTED, REJECTED, FINISHED, TERMINATION_REQUESTED, TERMINATION_REJECTED, TERMINATED, REPLACED, INVALIDATED. */
    action: text('action').notNull(),
    /** 'member:12', 'operator:3', or 'system' for an automatic end. */
    actor: text('actor').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('agent_contract_events_contract_idx').on(table.contractId, table.id)],
);

/** Requirement tiers operators define per contract type, for offers to copy (ADR 037). */
export const agentContractTemplates = pgTable(
  'agent_contract_templates',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    /** The tiers as an offer sends them (contracts' ContractTierInput), checked on write. */
    tiers: jsonb('tiers').$type<unknown[]>().notNull(),
    /** ACTIVE, or ARCHIVED (no longer offered; contracts that copied it keep their snapshot). */
    status: text('status').notNull().default('ACTIVE'),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('agent_contract_templates_type_idx').on(table.type, table.status)],
);
