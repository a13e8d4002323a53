import { bigint, index, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from '../identity/identity.schema.ts';

/** Feedback sent from the footer's dialog (spec 2.11, 3), kept for the operators to read. */
export const feedback = pgTable(
  'feedback',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Spec 3 question type: 1 deposit, 2 withdraw, 3 game, 4 customer service, 6 agent application, 0 others. */
    type: smallint('type').notNull(),
    content: text('content').notNull(),
    /** The logged-in member's userName; null for a visitor. */
    sender: text('sender'),
    memberId: bigint('member_id', { mode: 'bigint' }).references(() => members.id),
    contactInfo: text('contact_info'),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('feedback_created_idx').on(table.createdAt)],
);
