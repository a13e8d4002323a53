import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from '../identity/identity.schema.ts';

/**
 * Platform messages an operator sent: to one member or a list (one recipient row each), or to
 * everyone (ALL: no recipient rows at all; a member's read or deleted state is written only when
 * it exists, so a broadcast costs one row whatever the number of members).
 */
export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    /** MEMBER, LIST or ALL. */
    audience: text('audience').notNull(),
    /** The default language's text; plain text with line breaks. */
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** Per-language texts by language code: { TY: { title, body } }. */
    translations: jsonb('translations')
      .$type<Record<string, { title: string; body: string }>>()
      .notNull()
      .default({}),
    recipientCount: bigint('recipient_count', { mode: 'number' }),
    sentBy: text('sent_by').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (table) => [
    index('messages_broadcast_idx')
      .on(table.sentAt)
      .where(sql`${table.audience} = 'ALL' and ${table.withdrawnAt} is null`),
  ],
);

/**
 * A member's copy of a message: every MEMBER and LIST message has one from the start; an ALL
 * message has one only once the member has read or deleted it. Withdrawing a message marks its
 * copies deleted too, so that the unread count reads this table alone.
 */
export const messageRecipients = pgTable(
  'message_recipients',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    messageId: bigint('message_id', { mode: 'bigint' })
      .notNull()
      .references(() => messages.id),
    readAt: timestamp('read_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.messageId] }),
    index('message_recipients_message_idx').on(table.messageId),
    // The unread count's own copies: an index-only count per member.
    index('message_recipients_unread_idx')
      .on(table.memberId)
      .where(sql`${table.readAt} is null and ${table.deletedAt} is null`),
  ],
);
