import { AGENT_MEMBER_TYPES } from '@fortuna/contracts/member-types';
import { and, asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../platform/db/database.ts';
import { members } from '../identity/identity.schema.ts';
import { ledgerAccounts } from '../ledger/ledger.schema.ts';
import { lineClosure } from '../line/line.schema.ts';
import { likePrefix } from './downlines.store.ts';

const upline = alias(members, 'upline');
const isAgent = () => inArray(members.type, [...AGENT_MEMBER_TYPES] as number[]);
const lineCount = (depth: SQL) =>
  sql<number>`(select count(*)::int from ${lineClosure} where ${lineClosure.ancestorId} = ${members.id} and ${depth})`;

export type OpsAgentRow = {
  id: bigint;
  username: string;
  nickname: string;
  type: number;
  status: string;
  uplineUsername: string | null;
  directCount: number;
  teamCount: number;
  balanceMinor: string;
  registeredAt: Date;
};

/** Agents by username (a lower-case start), each with its upline, line size and main wallet; paged. */
export async function findAgents(
  db: Executor,
  filter: { usernamePrefix?: string },
  page: { limit: number; offset: number },
): Promise<{ rows: OpsAgentRow[]; total: number }> {
  const where = and(
    isAgent(),
    filter.usernamePrefix ? sql`${members.username} like ${likePrefix(filter.usernamePrefix)}` : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: members.id,
        username: members.username,
        nickname: members.nickname,
        type: members.type,
        status: members.status,
        uplineUsername: upline.username,
        directCount: lineCount(sql`${lineClosure.depth} = 1`),
        teamCount: lineCount(sql`${lineClosure.depth} >= 1`),
        balanceMinor: sql<string>`coalesce(${ledgerAccounts.balanceMinor}, 0)::text`,
        registeredAt: members.createdAt,
      })
      .from(members)
      .leftJoin(upline, eq(upline.id, members.uplineId))
      .leftJoin(
        ledgerAccounts,
        and(
          eq(ledgerAccounts.kind, 'MEMBER_MAIN'),
          eq(ledgerAccounts.memberId, members.id),
          isNull(ledgerAccounts.vendor),
        ),
      )
      .where(where)
      .orderBy(asc(members.username))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(members).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export type PlacedMember = { id: bigint; username: string; type: number; uplineUsername: string | null };

const placedColumns = {
  id: members.id,
  username: members.username,
  type: members.type,
  uplineUsername: upline.username,
};

/** A member with its upline's username, by id. */
export async function findPlacedMember(db: Executor, id: bigint): Promise<PlacedMember | undefined> {
  const [row] = await db
    .select(placedColumns)
    .from(members)
    .leftJoin(upline, eq(upline.id, members.uplineId))
    .where(eq(members.id, id));
  return row;
}

/** A member with its upline's username, by its (lower-case) username. */
export async function findPlacedMemberByUsername(
  db: Executor,
  username: string,
): Promise<PlacedMember | undefined> {
  const [row] = await db
    .select(placedColumns)
    .from(members)
    .leftJoin(upline, eq(upline.id, members.uplineId))
    .where(eq(members.username, username));
  return row;
}
