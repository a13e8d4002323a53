import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bonusGrants, promotions } from './promotions.schema.ts';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * A member's application to a MANUAL_APPLICATION promotion (ADR 058, 065): a comment and up to
 * three images for an operator to approve (the bonus is granted, `grant_id`) or reject with a
 * note the member reads. The partial unique index keeps one open application per member and
 * promotion, so a double submit leaves one.
 */
export const promotionApplications = pgTable(
  'promotion_applications',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    promotionId: bigint('promotion_id', { mode: 'bigint' })
      .notNull()
      .references(() => promotions.id),
    memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
    /** Plain text, at most 140 characters (spec 5); empty when the member wrote none. */
    comment: text('comment').notNull(),
    status: text('status').notNull().default('PENDING'),
    /** The operator's note: required on a rejection, shown to the member. */
    note: text('note'),
    grantId: bigint('grant_id', { mode: 'bigint' }).references(() => bonusGrants.id),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('promotion_applications_status_known', sql`${table.status} in ('PENDING', 'APPROVED', 'REJECTED')`),
    check('promotion_applications_comment_length', sql`char_length(${table.comment}) <= 140`),
    uniqueIndex('promotion_applications_one_open')
      .on(table.promotionId, table.memberId)
      .where(sql`${table.status} = 'PENDING'`),
    index('promotion_applications_member_idx').on(table.memberId, table.promotionId, table.id),
    index('promotion_applications_queue_idx').on(table.status, table.id),
  ],
);

/** An application's images: png or jpg by content, re-encoded without metadata (platform/images). */
export const promotionApplicationImages = pgTable(
  'promotion_application_images',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    applicationId: bigint('application_id', { mode: 'bigint' })
      .notNull()
      .references(() => promotionApplications.id),
    position: integer('position').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    content: bytea('content').notNull(),
  },
  (table) => [
    unique('promotion_application_images_position_key').on(table.applicationId, table.position),
    check(
      'promotion_application_images_type_known',
      sql`${table.contentType} in ('image/png', 'image/jpeg')`,
    ),
  ],
);
