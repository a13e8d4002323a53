import type { GameCategory } from '@fortuna/contracts/categories';
import { and, desc, eq, gt, gte, ne, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { members } from '../identity/identity.schema.ts';
import { betRecords, vendors } from '../vendors/vendors.schema.ts';
import { favouriteGames, games, recentGames } from './games.schema.ts';

export type GameRow = typeof games.$inferSelect;
export type NewGame = typeof games.$inferInsert;
export type CatalogueRow = GameRow & { vendorName: string; vendorStatus: string; vendorSortOrder: number };

/** Every listed game of every vendor that is not disabled, in list order. */
export async function readCatalogue(db: Executor): Promise<CatalogueRow[]> {
  const rows = await db
    .select({
      game: games,
      vendorName: vendors.name,
      vendorStatus: vendors.status,
      vendorSortOrder: vendors.sortOrder,
    })
    .from(games)
    .innerJoin(vendors, eq(vendors.code, games.vassalage))
    .where(and(eq(games.status, 'ACTIVE'), ne(vendors.status, 'DISABLED')))
    .orderBy(games.sortOrder, games.nodeId);
  return rows.map(({ game, ...vendor }) => ({ ...game, ...vendor }));
}

/**
 * The category of every game of the catalogue, listed or hidden: a round of a game hidden while
 * members still play it belongs to the game's category all the same.
 */
export async function readGameCategories(db: Executor) {
  return db
    .select({ vendorCode: games.vassalage, gameCode: games.gameCode, category: games.gameType })
    .from(games);
}

const INSERT_BATCH = 500;

/** Adds the games that are missing (by vendor and game code), in batches; existing rows are left alone. */
export async function insertGamesIfMissing(db: Executor, rows: NewGame[]): Promise<number> {
  let inserted = 0;
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const added = await db
      .insert(games)
      .values(rows.slice(start, start + INSERT_BATCH))
      .onConflictDoNothing()
      .returning({ gameId: games.gameId });
    inserted += added.length;
  }
  return inserted;
}

/**
 * Puts a vendor's game names back to the given rows' (matched by vendor and game code): the names
 * of games whose names are ours, kept as we write them on a database seeded by an older version.
 */
export async function setGameNames(db: Executor, rows: NewGame[]): Promise<void> {
  for (const row of rows) {
    await db
      .update(games)
      .set({ gameName: row.gameName, nodeName: row.nodeName, displayNames: row.displayNames })
      .where(and(eq(games.vassalage, row.vassalage), eq(games.gameCode, row.gameCode)));
  }
}

export async function countGames(db: Executor): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(games);
  return Number(row?.count ?? 0);
}

// ---- favourites --------------------------------------------------------------------------

export async function addFavourite(db: Executor, memberId: bigint, gameId: bigint): Promise<void> {
  await db.insert(favouriteGames).values({ memberId, gameId }).onConflictDoNothing();
}

export async function removeFavourite(db: Executor, memberId: bigint, gameId: bigint): Promise<void> {
  await db
    .delete(favouriteGames)
    .where(and(eq(favouriteGames.memberId, memberId), eq(favouriteGames.gameId, gameId)));
}

/** The member's favourite game ids, newest first. */
export async function favouriteIdsOf(db: Executor, memberId: bigint): Promise<bigint[]> {
  const rows = await db
    .select({ gameId: favouriteGames.gameId })
    .from(favouriteGames)
    .where(eq(favouriteGames.memberId, memberId))
    .orderBy(desc(favouriteGames.createdAt), desc(favouriteGames.gameId));
  return rows.map((row) => row.gameId);
}

// ---- recent games ------------------------------------------------------------------------

/** Records a launch and keeps only the member's `keep` latest games. */
export async function recordLaunch(
  db: Executor,
  memberId: bigint,
  gameId: bigint,
  keep: number,
): Promise<void> {
  const launchedAt = new Date();
  await db
    .insert(recentGames)
    .values({ memberId, gameId, launchedAt })
    .onConflictDoUpdate({ target: [recentGames.memberId, recentGames.gameId], set: { launchedAt } });
  const kept = db
    .select({ gameId: recentGames.gameId })
    .from(recentGames)
    .where(eq(recentGames.memberId, memberId))
    .orderBy(desc(recentGames.launchedAt), desc(recentGames.gameId))
    .limit(keep);
  await db
    .delete(recentGames)
    .where(and(eq(recentGames.memberId, memberId), notInArray(recentGames.gameId, kept)));
}

/** The member's recently launched game ids, latest first. */
export async function recentIdsOf(db: Executor, memberId: bigint, limit: number): Promise<bigint[]> {
  const rows = await db
    .select({ gameId: recentGames.gameId })
    .from(recentGames)
    .where(eq(recentGames.memberId, memberId))
    .orderBy(desc(recentGames.launchedAt), desc(recentGames.gameId))
    .limit(limit);
  return rows.map((row) => row.gameId);
}

// ---- winner board ------------------------------------------------------------------------

/**
 * The biggest payouts of settled rounds since `since` that won more than their stake, with who won
 * and in which game: a round paying back its stake or part of it is no win to show off.
 */
export async function biggestWins(
  db: Executor,
  filter: { since: Date; category: GameCategory | null; limit: number },
) {
  const conditions = [
    eq(betRecords.status, 'SETTLED'),
    gt(betRecords.payoutMinor, betRecords.stakeMinor),
    gte(betRecords.settledAt, filter.since),
  ];
  if (filter.category) conditions.push(eq(betRecords.category, filter.category));
  return db
    .select({
      username: members.username,
      payoutMinor: betRecords.payoutMinor,
      settledAt: betRecords.settledAt,
      vendorCode: betRecords.vendorCode,
      gameCode: betRecords.gameCode,
      gameId: games.gameId,
      nodeId: games.nodeId,
      gameName: games.gameName,
      displayNames: games.displayNames,
    })
    .from(betRecords)
    .innerJoin(members, eq(members.id, betRecords.memberId))
    .innerJoin(
      games,
      and(eq(games.vassalage, betRecords.vendorCode), eq(games.gameCode, betRecords.gameCode)),
    )
    .where(and(...conditions))
    .orderBy(desc(betRecords.payoutMinor), desc(betRecords.settledAt))
    .limit(filter.limit);
}
