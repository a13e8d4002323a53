import type { GameCategory } from '@fortuna/contracts/categories';
import { and, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { games } from '../games/games.schema.ts';
import { members } from '../identity/identity.schema.ts';
import { lineClosure } from '../line/line.schema.ts';
import { betRecords, vendors } from '../vendors/vendors.schema.ts';

export interface TeamBetFilter {
  /** Always the agent whose line is read. */
  agentId: bigint;
  /** Opening time, both inclusive. */
  from: Date;
  to: Date;
  username?: string;
  vendorCode?: string;
  category?: GameCategory;
  status?: string;
}

/**
 * The line's rounds: the closure gives the agent's members, and each member's rounds are a range
 * of `bet_records_member_opened_idx` (member, opening time), so the period bounds every read.
 */
function conditionsOf(filter: TeamBetFilter): SQL | undefined {
  return and(
    eq(lineClosure.ancestorId, filter.agentId),
    gte(lineClosure.depth, 1),
    gte(betRecords.openedAt, filter.from),
    lte(betRecords.openedAt, filter.to),
    filter.username ? eq(members.username, filter.username) : undefined,
    filter.vendorCode ? eq(betRecords.vendorCode, filter.vendorCode) : undefined,
    filter.category ? eq(betRecords.category, filter.category) : undefined,
    filter.status ? eq(betRecords.status, filter.status) : undefined,
  );
}

export type TeamTotalsRow = {
  rounds: number;
  stakeMinor: string;
  validBetMinor: string;
  payoutMinor: string;
  profitMinor: string;
};

/** One page of the line's rounds, newest opened first, with names, and the totals of all that match. */
export async function findTeamBets(
  db: Executor,
  filter: TeamBetFilter,
  page: { limit: number; offset: number },
) {
  const where = conditionsOf(filter);
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        record: betRecords,
        username: members.username,
        level: lineClosure.depth,
        vendorName: vendors.name,
        gameName: games.gameName,
        displayNames: games.displayNames,
      })
      .from(lineClosure)
      .innerJoin(members, eq(members.id, lineClosure.memberId))
      .innerJoin(betRecords, eq(betRecords.memberId, lineClosure.memberId))
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
    db
      .select({
        rounds: sql<number>`count(*)::int`,
        stakeMinor: sql<string>`coalesce(sum(${betRecords.stakeMinor}), 0)::text`,
        validBetMinor: sql<string>`coalesce(sum(${betRecords.validBetMinor}), 0)::text`,
        payoutMinor: sql<string>`coalesce(sum(${betRecords.payoutMinor}), 0)::text`,
        profitMinor: sql<string>`coalesce(sum(${betRecords.payoutMinor} - ${betRecords.stakeMinor}) filter (where ${betRecords.status} = 'SETTLED'), 0)::text`,
      })
      .from(lineClosure)
      .innerJoin(members, eq(members.id, lineClosure.memberId))
      .innerJoin(betRecords, eq(betRecords.memberId, lineClosure.memberId))
      .where(where),
  ]);
  return { rows, totals: totals as TeamTotalsRow };
}
