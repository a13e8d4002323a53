import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Captchas, slider puzzles and slider tickets. Each row is used at most once: it is consumed by
 * a conditional update (consumed_at is null and not expired), so a replay finds nothing.
 */
export const verificationChallenges = pgTable('verification_challenges', {
  id: text('id').primaryKey(),
  /** CAPTCHA, SLIDER (a puzzle to solve), SLIDER_TICKET (a solved puzzle, spendable once) */
  kind: text('kind').notNull(),
  /** The action a slider puzzle or ticket guards (login, register, sms, ...). */
  action: text('action'),
  /** CAPTCHA: SHA-256 of the lower-case answer. SLIDER: the gap's x offset. */
  answer: text('answer').notNull(),
  ip: text('ip').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** SMS (and e-mail) one-time codes; only a keyed hash of the code is kept. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: text('id').primaryKey(),
    /** '+639171234567' for SMS, an e-mail address for mail. */
    destination: text('destination').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    wrongTries: integer('wrong_tries').notNull().default(0),
    ip: text('ip').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('one_time_codes_destination_idx').on(table.destination, table.purpose, table.createdAt)],
);
