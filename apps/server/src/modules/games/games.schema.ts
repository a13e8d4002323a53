import type { GameCategory } from '@fortuna/contracts/categories';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from '../identity/identity.schema.ts';
import { vendors } from '../vendors/vendors.schema.ts';

/**
 * The games catalogue (spec 3): one row per game (or per lobby entry of a vendor that has no
 * games of its own, such as a sportsbook). `vassalage` is the vendor; `nodeId` is the id the
 * lobby, favourites and launches use.
 */
export const games = pgTable(
  'games',
  {
    gameId: bigint('game_id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    nodeId: integer('node_id').notNull(),
    vassalage: text('vassalage')
      .notNull()
      .references(() => vendors.code),
    /** The category (contracts categories.ts): the list the game shows in and where its rounds are filed. */
    gameType: text('game_type').$type<GameCategory>().notNull(),
    /** The vendor's own code for the game, what its launch asks for. */
    gameCode: text('game_code').notNull(),
    isGame: boolean('is_game').notNull().default(true),
    isHot: boolean('is_hot').notNull().default(false),
    isNew: boolean('is_new').notNull().default(false),
    icon: text('icon').notNull(),
    lagerIcon: text('lager_icon').notNull(),
    gameName: text('game_name').notNull(),
    nodeName: text('node_name').notNull(),
    /** The name per language code ({ EN: 'Golden Dragon', TY: 'Gintong Dragon' }). */
    displayNames: jsonb('display_names').$type<Record<string, string>>().notNull(),
    /** JP jackpot, TG table games, AC arcade, BG bingo. */
    groupCode: text('group_code'),
    /**
     * A lottery game's draw family (VN, KENO, FAST, DIGIT): the game menus call answers it as
     * gameGroupCode, which the lobby copies to the game's tag (spec 3). Null for other games.
     */
    gameGroupCode: text('game_group_code'),
    /**
     * The prize modes (LOTT, ZY, ELOTT, SEA; spec 9) a lottery game is offered in: the game menus
     * call lists a mode's games (/lott, /elott, ADR 050). Null for other games.
     */
    prizeModes: text('prize_modes').array(),
    minBetMinor: bigint('min_bet_minor', { mode: 'bigint' }).notNull().default(sql`100`),
    lines: integer('lines').notNull().default(0),
    popularity: integer('popularity').notNull().default(0),
    sortOrder: integer('sort_order').notNull().default(0),
    /** ACTIVE is listed; HIDDEN is not listed nor launched. */
    status: text('status').notNull().default('ACTIVE'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('games_node_key').on(table.nodeId),
    uniqueIndex('games_vendor_code_key').on(table.vassalage, table.gameCode),
    index('games_type_order_idx').on(table.gameType, table.sortOrder),
    check('games_status_known', sql`${table.status} in ('ACTIVE', 'HIDDEN')`),
    check(
      'games_group_known',
      sql`${table.groupCode} is null or ${table.groupCode} in ('JP', 'TG', 'AC', 'BG')`,
    ),
    check('games_amounts_not_negative', sql`${table.minBetMinor} >= 0 and ${table.lines} >= 0`),
  ],
);

/** A member's favourite games (spec 4.10). */
export const favouriteGames = pgTable(
  'favourite_games',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    gameId: bigint('game_id', { mode: 'bigint' })
      .notNull()
      .references(() => games.gameId),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.gameId] })],
);

/** The games a member launched, the latest launch of each; trimmed to the 20 newest. */
export const recentGames = pgTable(
  'recent_games',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    gameId: bigint('game_id', { mode: 'bigint' })
      .notNull()
      .references(() => games.gameId),
    launchedAt: timestamp('launched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.gameId] }),
    index('recent_games_member_time_idx').on(table.memberId, table.launchedAt),
  ],
);
