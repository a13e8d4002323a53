import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Players, agents and trial users (spec 4.3 member types). */
export const members = pgTable(
  'members',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Lower-case; for mobile registrations the dialling code and number, digits only. */
    username: text('username').notNull(),
    /** argon2id; null for a mobile account without a password (it logs in by SMS code). */
    passwordHash: text('password_hash'),
    type: smallint('type').notNull().default(0),
    nickname: text('nickname').notNull(),
    status: text('status').notNull().default('ACTIVE'),
    dialingCode: text('dialing_code'),
    mobileNum: text('mobile_num'),
    email: text('email'),
    payeeName: text('payee_name'),
    paymentPasswordHash: text('payment_password_hash'),
    /** qqNum, line, whatsapp, facebook, wechat, idNumber, recommenderId as entered. */
    profile: jsonb('profile').$type<Record<string, string>>().notNull().default({}),
    /** An agent's invitation code that new players enter as affiliate code. */
    affiliateCode: text('affiliate_code'),
    uplineId: bigint('upline_id', { mode: 'bigint' }).references((): AnyPgColumn => members.id),
    referralCode: text('referral_code'),
    registerIp: text('register_ip'),
    registerDomain: text('register_domain'),
    registerUrl: text('register_url'),
    language: text('language').notNull().default('EN'),
    firstTimeLogin: boolean('first_time_login').notNull().default(true),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The password was chosen by someone else (an agent creating the account): the login answer
     * says `passwordExpired` until the member sets its own. Cleared by every new password.
     */
    passwordMustChange: boolean('password_must_change').notNull().default(false),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastLoginIp: text('last_login_ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('members_username_key').on(table.username),
    uniqueIndex('members_mobile_key')
      .on(table.dialingCode, table.mobileNum)
      .where(sql`${table.mobileNum} is not null`),
    uniqueIndex('members_affiliate_code_key')
      .on(table.affiliateCode)
      .where(sql`${table.affiliateCode} is not null`),
    index('members_upline_idx').on(table.uplineId),
  ],
);

/** Opaque bearer sessions; only the SHA-256 of the token is kept. */
export const memberSessions = pgTable(
  'member_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    /** PASSWORD, SMS, SOCIAL, FREEPLAY, REGISTER, RESET */
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip').notNull(),
    userAgent: text('user_agent'),
  },
  (table) => [index('member_sessions_member_idx').on(table.memberId)],
);

/** Addresses a member has logged in from; a new one asks for an extra step (spec 4.2). */
export const memberKnownIps = pgTable(
  'member_known_ips',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    ip: text('ip').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.ip] })],
);

/**
 * Browsers a member has registered or logged in from, by the SHA-256 of their device id (ADR 077):
 * the promotions' per-device limit reads the latest, the shared-traits read model compares them.
 */
export const memberKnownDevices = pgTable(
  'member_known_devices',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    deviceHash: text('device_hash').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.deviceHash] }),
    // Who else used this browser: the shared-device search probes it.
    index('member_known_devices_device_idx').on(table.deviceHash),
    // The member's latest browser: the per-device limit reads it.
    index('member_known_devices_latest_idx').on(table.memberId, table.lastSeenAt),
  ],
);

export const socialIdentities = pgTable(
  'social_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.subject] })],
);

/** One-time links of the forgot-password mail; only the SHA-256 of the token is kept. */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  memberId: bigint('member_id', { mode: 'bigint' })
    .notNull()
    .references(() => members.id),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
