import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import type { BonusTerms, PromotionTexts } from './promotion-terms.ts';

/**
 * A promotion (ADR 045): what triggers it, what it gives, within which limits, and the wagering
 * its bonus needs before it is released. `spent_minor` is what its grants took from its budget;
 * the check keeps it within the budget, and grants move it with one conditional update, so
 * concurrent grants can never overdraw it.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    /** A stable name for seeds and operators, e.g. FIRST_DEPOSIT_DOUBLED. */
    code: text('code').notNull(),
    /** The spec's filter type of the promotions page (DEPOSIT, NEW_PLAYER, …). */
    type: text('type').notNull(),
    /** Title and sanitised HTML body per language (promotion-terms.ts). */
    texts: jsonb('texts').$type<PromotionTexts>().notNull(),
    status: text('status').notNull().default('ACTIVE'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /**
     * ALL, NEW_PLAYERS (signed up within NEW_PLAYER_DAYS), MEMBERS (those of audience_member_ids),
     * VIP_LEVELS (members on one of audience_levels) or AGENT_LINES (anywhere below one of
     * audience_agent_ids), ADR 058, 073.
     */
    audience: text('audience').notNull().default('ALL'),
    audienceMemberIds: bigint('audience_member_ids', { mode: 'bigint' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    audienceLevels: text('audience_levels').array().notNull().default(sql`'{}'::text[]`),
    audienceAgentIds: bigint('audience_agent_ids', { mode: 'bigint' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    trigger: text('trigger').notNull(),
    /** VALID_BETS: the valid bets since the start a member needs before claiming; LOSS: the least net loss. */
    thresholdMinor: bigint('threshold_minor', { mode: 'bigint' }),
    /** NTH_DEPOSIT: which of the member's credited deposits grants it (ADR 073). */
    depositOrdinal: integer('deposit_ordinal'),
    /** LOSS: the window whose net loss the cashback is a share of; claimed once it has closed (ADR 073). */
    lossFrom: timestamp('loss_from', { withTimezone: true }),
    lossTo: timestamp('loss_to', { withTimezone: true }),
    /** The reward and the wagering, as each grant snapshots them (promotion-terms.ts). */
    terms: jsonb('terms').$type<BonusTerms>().notNull(),
    perMemberLimit: integer('per_member_limit').notNull().default(1),
    /** Grants one address may have, whoever the members; null: no limit (ADR 073). */
    perAddressLimit: integer('per_address_limit'),
    /** Grants one browser may have, whoever the members; null: no limit (ADR 077). */
    perDeviceLimit: integer('per_device_limit'),
    budgetMinor: bigint('budget_minor', { mode: 'bigint' }).notNull(),
    spentMinor: bigint('spent_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Whether the automatic trigger grants it without a claim (the first-deposit bonus does). */
    automatic: boolean('automatic').notNull().default(true),
    /**
     * Bumped by every operator change of what a grant depends on (status, schedule, terms,
     * limits, budget): a node's cached copy grants only while its version is still the row's.
     */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('promotions_code_key').on(table.code),
    check('promotions_budget_not_overdrawn', sql`${table.spentMinor} between 0 and ${table.budgetMinor}`),
    check('promotions_status_known', sql`${table.status} in ('ACTIVE', 'PAUSED', 'ENDED')`),
    check('promotions_per_member_limit', sql`${table.perMemberLimit} >= 1`),
    check('promotions_per_address_limit', sql`coalesce(${table.perAddressLimit}, 1) >= 1`),
    check('promotions_per_device_limit', sql`coalesce(${table.perDeviceLimit}, 1) >= 1`),
    check(
      'promotions_deposit_ordinal',
      sql`(${table.trigger} = 'NTH_DEPOSIT') = (${table.depositOrdinal} is not null) and coalesce(${table.depositOrdinal}, 2) >= 2`,
    ),
    check(
      'promotions_loss_window',
      sql`(${table.trigger} = 'LOSS') = (${table.lossFrom} is not null and ${table.lossTo} is not null and ${table.lossTo} > ${table.lossFrom})`,
    ),
    check(
      'promotions_audience_known',
      sql`${table.audience} in ('ALL', 'NEW_PLAYERS', 'MEMBERS', 'VIP_LEVELS', 'AGENT_LINES')`,
    ),
    index('promotions_trigger_idx').on(table.trigger),
  ],
);

/**
 * One bonus given to a member (ADR 045), with the terms as they were when it was given. It is
 * ACTIVE while its wagering is under way, then RELEASED (moved to the main wallet) or FORFEITED.
 * `ordinal` numbers a member's grants of one promotion from 1: the unique key holds the
 * per-member limit even when two triggers of one member race.
 */
export const bonusGrants = pgTable(
  'bonus_grants',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    promotionId: bigint('promotion_id', { mode: 'bigint' })
      .notNull()
      .references(() => promotions.id),
    memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
    ordinal: integer('ordinal').notNull(),
    /** The member's address when it was given (last login, else sign-up), ADR 073. */
    address: text('address'),
    /** Numbers the promotion's grants to one address from 1 while it has a limit per address. */
    addressOrdinal: integer('address_ordinal'),
    /** The SHA-256 of the member's latest browser's device id when it was given (ADR 077). */
    device: text('device'),
    /** Numbers the promotion's grants to one device from 1 while it has a limit per device. */
    deviceOrdinal: integer('device_ordinal'),
    /** What triggered it: a deposit order number, an operator's reason. */
    source: text('source').notNull(),
    terms: jsonb('terms').$type<BonusTerms>().notNull(),
    depositMinor: bigint('deposit_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    bonusMinor: bigint('bonus_minor', { mode: 'bigint' }).notNull(),
    /** Weighted valid bets needed before release, and made so far (weights in the terms). */
    requiredMinor: bigint('required_minor', { mode: 'bigint' }).notNull(),
    wageredMinor: bigint('wagered_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    status: text('status').notNull().default('ACTIVE'),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Why it was released or forfeited, in words for the member's bonus details. */
    closedReason: text('closed_reason'),
  },
  (table) => [
    unique('bonus_grants_member_ordinal_key').on(table.promotionId, table.memberId, table.ordinal),
    // Holds the limit per address when members of one address are granted at once (ADR 073).
    unique('bonus_grants_address_ordinal_key').on(table.promotionId, table.address, table.addressOrdinal),
    // The same for the limit per device (ADR 077).
    unique('bonus_grants_device_ordinal_key').on(table.promotionId, table.device, table.deviceOrdinal),
    check('bonus_grants_status_known', sql`${table.status} in ('ACTIVE', 'RELEASED', 'FORFEITED')`),
    check(
      'bonus_grants_amounts',
      sql`${table.bonusMinor} > 0 and ${table.requiredMinor} >= 0 and ${table.wageredMinor} >= 0`,
    ),
    index('bonus_grants_member_idx').on(table.memberId, table.id),
    index('bonus_grants_active_idx').on(table.id).where(sql`${table.status} = 'ACTIVE'`),
  ],
);
