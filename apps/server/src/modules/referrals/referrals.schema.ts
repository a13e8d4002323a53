import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { members } from '../identity/identity.schema.ts';

/** A member's referral code (ADR 060), made the first time the member asks for it. */
export const referralCodes = pgTable(
  'referral_codes',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .primaryKey()
      .references(() => members.id),
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('referral_codes_code_key').on(table.code)],
);

/**
 * A friend who registered with a member's code: one row per referee (its key), so the reward is
 * due at most once per referee. PENDING until the programme's condition is met, then REWARDED
 * (with the grant that paid it) by one conditional update in the grant's transaction; or
 * NOT_ELIGIBLE with the reason (the same person as the referrer, ADR 060).
 */
export const referrals = pgTable(
  'referrals',
  {
    refereeId: bigint('referee_id', { mode: 'bigint' })
      .primaryKey()
      .references(() => members.id),
    referrerId: bigint('referrer_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    state: text('state').notNull().default('PENDING'),
    reason: text('reason'),
    grantId: bigint('grant_id', { mode: 'bigint' }),
    rewardMinor: bigint('reward_minor', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    check('referrals_state_known', sql`${table.state} in ('PENDING', 'REWARDED', 'NOT_ELIGIBLE')`),
    check('referrals_not_self', sql`${table.refereeId} <> ${table.referrerId}`),
    index('referrals_referrer_idx').on(table.referrerId, table.createdAt),
    index('referrals_pending_idx').on(table.refereeId).where(sql`${table.state} = 'PENDING'`),
  ],
);

/** The referral programme operators configure (one row): the condition, the reward and the promotion that pays it. */
export const referralProgramme = pgTable(
  'referral_programme',
  {
    id: integer('id').primaryKey().default(1),
    enabled: boolean('enabled').notNull().default(false),
    promotionId: bigint('promotion_id', { mode: 'bigint' }),
    rewardMinor: bigint('reward_minor', { mode: 'bigint' }).notNull(),
    minFirstDepositMinor: bigint('min_first_deposit_minor', { mode: 'bigint' }),
    minValidBetsMinor: bigint('min_valid_bets_minor', { mode: 'bigint' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by'),
  },
  (table) => [
    check('referral_programme_one_row', sql`${table.id} = 1`),
    check('referral_programme_reward', sql`${table.rewardMinor} > 0`),
  ],
);

/**
 * Two accounts that look like one person (issue 18 abuse): a shared payee name, address or
 * device, or a referral between them. Operators read them; the grant path asks them.
 */
export const abuseFlags = pgTable(
  'abuse_flags',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    rule: text('rule').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    relatedMemberId: bigint('related_member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    detail: text('detail').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('abuse_flags_pair_rule_key').on(table.memberId, table.relatedMemberId, table.rule),
    index('abuse_flags_related_idx').on(table.relatedMemberId),
  ],
);
