import { and, asc, count, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { lineClosure } from './line.schema.ts';

/** How far below `ancestorId` the member is (1 = direct downline), or undefined when not in its line. */
export async function findDepth(
  db: Executor,
  ancestorId: bigint,
  memberId: bigint,
): Promise<number | undefined> {
  const [row] = await db
    .select({ depth: lineClosure.depth })
    .from(lineClosure)
    .where(and(eq(lineClosure.memberId, memberId), eq(lineClosure.ancestorId, ancestorId)));
  return row?.depth;
}

/** Where a page of the line ended: the level and id of its last member. */
export type LineCursor = { depth: number; memberId: bigint };

/**
 * Members of the line by level, then id, one page after `after`; `depth` undefined means every
 * level below the ancestor. Keyset order of the primary key, so a page costs its size at any depth.
 */
export async function listMembers(
  db: Executor,
  ancestorId: bigint,
  options: { depth: number | undefined; after: LineCursor | undefined; limit: number },
): Promise<LineCursor[]> {
  const level =
    options.depth === undefined ? gte(lineClosure.depth, 1) : eq(lineClosure.depth, options.depth);
  const after = options.after
    ? sql`(${lineClosure.depth}, ${lineClosure.memberId}) > (${options.after.depth}::smallint, ${options.after.memberId}::bigint)`
    : undefined;
  return db
    .select({ depth: lineClosure.depth, memberId: lineClosure.memberId })
    .from(lineClosure)
    .where(and(eq(lineClosure.ancestorId, ancestorId), level, after))
    .orderBy(asc(lineClosure.depth), asc(lineClosure.memberId))
    .limit(options.limit);
}

/** Members of the line per level below the ancestor (level 1 = direct downlines). */
export async function countByDepth(db: Executor, ancestorId: bigint): Promise<Map<number, number>> {
  const rows = await db
    .select({ depth: lineClosure.depth, members: count() })
    .from(lineClosure)
    .where(and(eq(lineClosure.ancestorId, ancestorId), gte(lineClosure.depth, 1)))
    .groupBy(lineClosure.depth);
  return new Map(rows.map((row) => [row.depth, row.members]));
}

/** How many members sit exactly `depth` levels below the ancestor: a range of the closure's key. */
export async function countAtDepth(db: Executor, ancestorId: bigint, depth: number): Promise<number> {
  const [row] = await db
    .select({ members: count() })
    .from(lineClosure)
    .where(and(eq(lineClosure.ancestorId, ancestorId), eq(lineClosure.depth, depth)));
  return row?.members ?? 0;
}

/** The member's uplines, nearest first (depth 1 = its direct upline). */
export async function listUplines(db: Executor, memberId: bigint): Promise<{ id: bigint; depth: number }[]> {
  const rows = await db
    .select({ id: lineClosure.ancestorId, depth: lineClosure.depth })
    .from(lineClosure)
    .where(and(eq(lineClosure.memberId, memberId), gte(lineClosure.depth, 1)))
    .orderBy(asc(lineClosure.depth));
  return rows;
}

/** Moves of the line take turns (the migration's move trigger takes the same lock). */
export async function lockMoves(db: Executor): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(4242029)`);
}
