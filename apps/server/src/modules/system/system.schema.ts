import { sql } from 'drizzle-orm';
import { boolean, char, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The one row of brand-wide settings (id is always 1). */
export const siteSettings = pgTable('site_settings', {
  id: integer('id').primaryKey().default(1),
  brandName: text('brand_name').notNull(),
  merchantCode: text('merchant_code').notNull(),
  currencyCode: text('currency_code').notNull(),
  currencySymbol: text('currency_symbol').notNull(),
  gmtOffset: text('gmt_offset').notNull(),
  languages: text('languages').array().notNull(),
  defaultLanguage: text('default_language').notNull(),
  mainDomain: text('main_domain').notNull(),
  gtagId: text('gtag_id'),
  imageCdns: text('image_cdns').array().notNull(),
  launchGameCdns: text('launch_game_cdns').array().notNull(),
  appDownloadIos: text('app_download_ios').notNull(),
  appDownloadAndroid: text('app_download_android').notNull(),
  appDownloadLite: text('app_download_lite').notNull(),
  maintenanceEnabled: boolean('maintenance_enabled').notNull().default(false),
  /** The well-known password given to accounts an agent creates; logging in with it forces a change. */
  defaultPassword: text('default_password').notNull().default('Fortuna123'),
  /** With the PWDEXPIRY3 flag on, a password older than this many days must be changed. */
  passwordExpiryDays: integer('password_expiry_days').notNull().default(90),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The whitelabel module tree; feature flags are its modules (spec 6). */
export const whitelabelModules = pgTable('whitelabel_modules', {
  modId: text('mod_id').primaryKey(),
  parentModId: text('parent_mod_id'),
  enabled: char('enabled', { length: 1 }).notNull(),
  sort: integer('sort').notNull().default(0),
});

export const registerFieldRules = pgTable('register_field_rules', {
  field: text('field').primaryKey(),
  enabled: boolean('enabled').notNull(),
  required: boolean('required').notNull(),
  patternId: text('pattern_id').notNull(),
  acceptedPattern: text('accepted_pattern').notNull(),
  minLength: integer('min_length').notNull(),
  maxLength: integer('max_length').notNull(),
  type: text('type').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const customerServiceEntries = pgTable('customer_service_entries', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  csType: text('cs_type').notNull(),
  csPosition: text('cs_position').notNull(),
  title: text('title').notNull(),
  path: text('path').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const siteResources = pgTable('site_resources', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  group: text('resource_group').notNull(),
  labelNameEn: text('label_name_en').notNull(),
  url: text('url').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const domainRoutes = pgTable('domain_routes', {
  domain: text('domain').primaryKey(),
  path: text('path').notNull(),
});

/** Help centre articles, one row per article and language; category titles travel with them. */
export const helpArticles = pgTable(
  'help_articles',
  {
    id: text('id').notNull(),
    lang: text('lang').notNull(),
    categoryId: text('category_id').notNull(),
    categoryTitle: text('category_title').notNull(),
    /** WEB, MOBILE or ALL. */
    device: text('device').notNull().default('ALL'),
    title: text('title').notNull(),
    contentHtml: text('content_html').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.id, table.lang] })],
);

export const maintenanceWindows = pgTable('maintenance_windows', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
});

/** Region restriction: ALLOW_COUNTRY, BLOCK_COUNTRY, ALLOW_CIDR, BLOCK_CIDR. */
export const regionRules = pgTable(
  'region_rules',
  {
    kind: text('kind').notNull(),
    value: text('value').notNull(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.value] })],
);

/**
 * The RSA key pair that sealed request bodies are encrypted for (spec 7.1 "encrypted" calls).
 * Kept in the database so that every API node decrypts what any node's public key sealed.
 */
export const sealingKeys = pgTable('sealing_keys', {
  keyId: text('key_id').primaryKey(),
  privateKeyPem: text('private_key_pem').notNull(),
  publicKeySpki: text('public_key_spki').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
