import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The operator's words to players: announcements (spec 2.8, 7.4), the home notice marquee and
 * banners (spec 2.1, 2.5). Each goes DRAFT → PUBLISHED → WITHDRAWN and shows only inside its
 * window; texts are per language and fall back to the site's default language.
 */
const lifecycle = () => ({
  id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  /** DRAFT, PUBLISHED or WITHDRAWN. */
  status: text('status').notNull().default('DRAFT'),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  publishedAt: timestamp('published_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const announcements = pgTable(
  'announcements',
  {
    ...lifecycle(),
    /** B, PL, PU, PR or H (spec 7.4). */
    type: text('type').notNull(),
    /** A (members), F (first login), B (visitors), or null for list only (spec 2.8). */
    popupType: text('popup_type'),
    /** W: the web lobby. */
    platform: text('platform').notNull().default('W'),
    /** MEMBERS (the lobby) or AGENTS (the agent centre only). */
    audience: text('audience').notNull().default('MEMBERS'),
  },
  (table) => [index('announcements_status_idx').on(table.status)],
);

export const announcementTexts = pgTable(
  'announcement_texts',
  {
    announcementId: bigint('announcement_id', { mode: 'bigint' })
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    /** Sanitised HTML (and sanitised again when read). */
    contentHtml: text('content_html').notNull(),
  },
  (table) => [primaryKey({ columns: [table.announcementId, table.lang] })],
);

export const announcementImages = pgTable(
  'announcement_images',
  {
    announcementId: bigint('announcement_id', { mode: 'bigint' })
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    /** 1 is the cover (spec 3). */
    sequence: integer('sequence').notNull(),
    url: text('url').notNull(),
  },
  (table) => [primaryKey({ columns: [table.announcementId, table.sequence] })],
);

export const notices = pgTable('notices', {
  ...lifecycle(),
  /** The announcement the notice is about; clicking it there opens that one. */
  announcementId: bigint('announcement_id', { mode: 'bigint' }).references(() => announcements.id),
  sequence: integer('sequence').notNull().default(1),
});

export const noticeTexts = pgTable(
  'notice_texts',
  {
    noticeId: bigint('notice_id', { mode: 'bigint' })
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
  },
  (table) => [primaryKey({ columns: [table.noticeId, table.lang] })],
);

export const banners = pgTable(
  'banners',
  {
    ...lifecycle(),
    /** w_home, w_register, w_leftmenu, w_login or w_forget (spec 3). */
    group: text('banner_group').notNull(),
    imageUrl: text('image_url').notNull(),
    sequence: integer('sequence').notNull().default(1),
    /** GAME, PROMOTION, PAGE, EXTERNAL, or null: not clickable (spec 2.5). */
    linkageType: text('linkage_type'),
    linkageTarget: text('linkage_target'),
  },
  (table) => [index('banners_group_idx').on(table.group, table.status)],
);

export const bannerTexts = pgTable(
  'banner_texts',
  {
    bannerId: bigint('banner_id', { mode: 'bigint' })
      .notNull()
      .references(() => banners.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    alt: text('alt').notNull(),
    title: text('title').notNull(),
  },
  (table) => [primaryKey({ columns: [table.bannerId, table.lang] })],
);
