import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Operator accounts: the platform's staff, separate from members. */
export const operators = pgTable('operators', {
  id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  /** ADMIN (everything), FINANCE (deposits, withdrawals), SUPPORT (announcements, notices, banners, platform messages). */
  role: text('role').notNull(),
  /** ACTIVE, or DISABLED by an ADMIN (login refused, sessions ended). */
  status: text('status').notNull().default('ACTIVE'),
  /** Set for a password someone else chose (the first-ADMIN command, an ADMIN's create or reset). */
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  /** The RFC 6238 secret (base32); pending until `totpEnrolledAt` is set. Never sent after enrolment. */
  totpSecret: text('totp_secret'),
  totpEnrolledAt: timestamp('totp_enrolled_at', { withTimezone: true }),
  /** The last TOTP time step accepted: a code of this step or an earlier one is a replay. */
  totpLastTimeStep: bigint('totp_last_time_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const operatorSessions = pgTable(
  'operator_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    operatorId: bigint('operator_id', { mode: 'bigint' })
      .notNull()
      .references(() => operators.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  // Disabling an operator or resetting their credentials ends all their live sessions at once.
  (table) => [index('operator_sessions_live_idx').on(table.operatorId).where(sql`revoked_at is null`)],
);

/** Every operator action, written in the same transaction as the action itself. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    /** 'operator:3', or 'ops-token' for the bootstrap bearer secret. */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('audit_log_target_idx').on(table.targetType, table.targetId)],
);
