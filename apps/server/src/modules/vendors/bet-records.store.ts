import type { GameCategory } from '@fortuna/contracts/categories';
import { and, asc, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { games } from '../games/games.schema.ts';
import { betRecords, vendors } from './vendors.schema.ts';

export interface BetFilter {
  /** Always the caller: the query never reaches another member's rounds. */
  memberId: bigint;
  from?: Date;
  to?: Date;
  category?: GameCategory;
  vendorCode?: string;
  status?: string;
}

function conditionsOf(
  filter: BetFilter,
  timeColumn: typeof betRecords.openedAt | typeof betRecords.settledAt,
) {
  const conditions: (SQL | undefined)[] = [eq(betRecords.memberId, filter.memberId)];
  if (filter.from) conditions.push(gte(timeColumn, filter.from));
  if (filter.to) conditions.push(lte(timeColumn, filter.to));
  if (filter.category) conditions.push(eq(betRecords.category, filter.category));
  if (filter.vendorCode) conditions.push(eq(betRecords.vendorCode, filter.vendorCode));
  if (filter.status) conditions.push(eq(betRecords.status, filter.status));
  return and(...conditions);
}

const totalsColumns = {
  rounds: sql<number>`count(*)::int`,
  stakeMinor: sql<string>`coalesce(sum(${betRecords.stakeMinor}), 0)::text`,
  validBetMinor: sql<string>`coalesce(sum(${betRecords.validBetMinor}), 0)::text`,
  payoutMinor: sql<string>`coalesce(sum(${betRecords.payoutMinor}), 0)::text`,
  profitMinor: sql<string>`coalesce(sum(${betRecords.payoutMinor} - ${betRecords.stakeMinor}) filter (where ${betRecords.status} = 'SETTLED'), 0)::text`,
};
export type TotalsRow = {
  rounds: number;
  stakeMinor: string;
  validBetMinor: string;
  payoutMinor: string;
  profitMinor: string;
};

/**
 * One page of the member's rounds by opening time, newest first, with their games' names (null
 * for a game no longer in the catalogue) and the totals over all that match.
 */
export async function findBetRecords(
  db: Executor,
  filter: BetFilter,
  page: { limit: number; offset: number },
) {
  const where = conditionsOf(filter, betRecords.openedAt);
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        record: betRecords,
        vendorName: vendors.name,
        gameName: games.gameName,
        displayNames: games.displayNames,
      })
      .from(betRecords)
      .innerJoin(vendors, eq(vendors.code, betRecords.vendorCode))
      // Left: a round outlives its game's removal from the catalogue.
      .leftJoin(
        games,
        and(eq(games.vassalage, betRecords.vendorCode), eq(games.gameCode, betRecords.gameCode)),
      )
      .where(where)
      .orderBy(desc(betRecords.openedAt), desc(betRecords.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select(totalsColumns).from(betRecords).where(where),
  ]);
  return { rows, totals: totals as TotalsRow };
}

/** The member's settled rounds by settlement time, summed per vendor. */
export async function profitByVendor(db: Executor, filter: BetFilter) {
  return db
    .select({ vendorCode: betRecords.vendorCode, vendorName: vendors.name, ...totalsColumns })
    .from(betRecords)
    .innerJoin(vendors, eq(vendors.code, betRecords.vendorCode))
    .where(and(conditionsOf(filter, betRecords.settledAt), eq(betRecords.status, 'SETTLED')))
    .groupBy(betRecords.vendorCode, vendors.name, vendors.sortOrder)
    .orderBy(asc(vendors.sortOrder), asc(betRecords.vendorCode));
}

/** One of the member's own rounds by its bet record id; another member's is not found, as a missing one. */
export async function findMemberRound(db: Executor, memberId: bigint, id: bigint) {
  const [row] = await db
    .select({
      id: betRecords.id,
      vendorCode: betRecords.vendorCode,
      roundId: betRecords.roundId,
      category: betRecords.category,
    })
    .from(betRecords)
    .where(and(eq(betRecords.id, id), eq(betRecords.memberId, memberId)));
  return row;
}
