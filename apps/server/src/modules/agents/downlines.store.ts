import { AGENT_MEMBER_TYPES } from '@fortuna/contracts/member-types';
import { and, count, desc, eq, gte, inArray, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../platform/db/database.ts';
import { members } from '../identity/identity.schema.ts';
import { ledgerAccounts } from '../ledger/ledger.schema.ts';
import { lineClosure } from '../line/line.schema.ts';

export interface DownlineFilter {
  /** Always the agent whose line is read: nothing outside it is reached. */
  agentId: bigint;
  /** Levels below the agent, 1 = direct; undefined = every level. */
  level?: number;
  /** Lower-case start of the username. */
  usernamePrefix?: string;
  kind?: 'MEMBER' | 'AGENT';
  status?: string;
}

const upline = alias(members, 'upline');

/** `%`, `_` and `\` typed by a person are letters to look for, not patterns. */
export function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function conditionsOf(filter: DownlineFilter): SQL | undefined {
  const agentTypes = [...AGENT_MEMBER_TYPES] as number[];
  return and(
    eq(lineClosure.ancestorId, filter.agentId),
    filter.level === undefined ? gte(lineClosure.depth, 1) : eq(lineClosure.depth, filter.level),
    filter.usernamePrefix ? sql`${members.username} like ${likePrefix(filter.usernamePrefix)}` : undefined,
    filter.kind === 'AGENT' ? inArray(members.type, agentTypes) : undefined,
    filter.kind === 'MEMBER' ? notInArray(members.type, agentTypes) : undefined,
    filter.status ? eq(members.status, filter.status) : undefined,
  );
}

const downlineColumns = {
  id: members.id,
  username: members.username,
  nickname: members.nickname,
  type: members.type,
  status: members.status,
  level: lineClosure.depth,
  uplineUsername: upline.username,
  balanceMinor: sql<string>`coalesce(${ledgerAccounts.balanceMinor}, 0)::text`,
  lastLoginAt: members.lastLoginAt,
  registeredAt: members.createdAt,
  passwordMustChange: members.passwordMustChange,
};
export type DownlineRow = {
  id: bigint;
  username: string;
  nickname: string;
  type: number;
  status: string;
  level: number;
  uplineUsername: string | null;
  balanceMinor: string;
  lastLoginAt: Date | null;
  registeredAt: Date;
  passwordMustChange: boolean;
};

/** The line through the closure, each member with its upline and main wallet (none yet: 0). */
function fromLine(db: Executor) {
  return db
    .select(downlineColumns)
    .from(lineClosure)
    .innerJoin(members, eq(members.id, lineClosure.memberId))
    .leftJoin(upline, eq(upline.id, members.uplineId))
    .leftJoin(
      ledgerAccounts,
      and(
        eq(ledgerAccounts.kind, 'MEMBER_MAIN'),
        eq(ledgerAccounts.memberId, members.id),
        isNull(ledgerAccounts.vendor),
      ),
    );
}

/** One page of the agent's line, newest registered first, and how many match in all. */
export async function findDownlines(
  db: Executor,
  filter: DownlineFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: DownlineRow[]; total: number }> {
  const where = conditionsOf(filter);
  const [rows, [counted]] = await Promise.all([
    fromLine(db).where(where).orderBy(desc(members.id)).limit(page.limit).offset(page.offset),
    db
      .select({ total: count() })
      .from(lineClosure)
      .innerJoin(members, eq(members.id, lineClosure.memberId))
      .where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** One member of the agent's line; undefined for anyone else (the agent itself included). */
export async function findDownline(
  db: Executor,
  agentId: bigint,
  memberId: bigint,
): Promise<DownlineRow | undefined> {
  const [row] = await fromLine(db).where(
    and(eq(lineClosure.ancestorId, agentId), eq(lineClosure.memberId, memberId), gte(lineClosure.depth, 1)),
  );
  return row;
}
