import { isAgentType, isTrialType } from '@fortuna/contracts/member-types';
import type { Executor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { memberUpline } from '../identity/member-upline.ts';
import * as store from './line.store.ts';

export type { LineCursor } from './line.store.ts';

/** The deepest page of line members one call returns. */
export const LINE_PAGE_MAX = 1000;

/** Field names the caller's request uses for the member and the new upline, for its 4xx answers. */
type MoveFields = { member: string; upline: string };
const DEFAULT_FIELDS: MoveFields = { member: 'body.memberId', upline: 'body.uplineId' };

/** Is `memberId` below `agentId`, at any depth? An agent is not in its own line. */
export async function isInLine(db: Executor, agentId: bigint, memberId: bigint): Promise<boolean> {
  const depth = await store.findDepth(db, agentId, memberId);
  return depth !== undefined && depth >= 1;
}

/** How many levels below the agent the member is (1 = direct downline); undefined outside the line. */
export async function levelBelow(
  db: Executor,
  agentId: bigint,
  memberId: bigint,
): Promise<number | undefined> {
  const depth = await store.findDepth(db, agentId, memberId);
  return depth !== undefined && depth >= 1 ? depth : undefined;
}

/**
 * One page of the agent's line, by level then id: `level` 1 is its direct downlines, undefined is
 * every level. Pass the last entry of a page as `after` for the next.
 */
export function lineMembers(
  db: Executor,
  agentId: bigint,
  options: { level?: number; after?: store.LineCursor; limit?: number } = {},
): Promise<store.LineCursor[]> {
  const limit = Math.min(Math.max(options.limit ?? LINE_PAGE_MAX, 1), LINE_PAGE_MAX);
  return store.listMembers(db, agentId, { depth: options.level, after: options.after, limit });
}

/** The agent's direct downlines' ids (one page, by id). */
export async function directDownlineIds(
  db: Executor,
  agentId: bigint,
  options: { afterId?: bigint; limit?: number } = {},
): Promise<bigint[]> {
  const after = options.afterId === undefined ? undefined : { depth: 1, memberId: options.afterId };
  const page = await lineMembers(db, agentId, { level: 1, after, limit: options.limit });
  return page.map((entry) => entry.memberId);
}

/** How many direct downlines the agent has. */
export function directDownlineCount(db: Executor, agentId: bigint): Promise<number> {
  return store.countAtDepth(db, agentId, 1);
}

/** Team size: direct downlines, the whole line, and members per level below the agent. */
export async function lineCounts(
  db: Executor,
  agentId: bigint,
): Promise<{ direct: number; all: number; byLevel: { level: number; members: number }[] }> {
  const perDepth = await store.countByDepth(db, agentId);
  const byLevel = [...perDepth.entries()]
    .map(([level, members]) => ({ level, members }))
    .sort((a, b) => a.level - b.level);
  return {
    direct: perDepth.get(1) ?? 0,
    all: byLevel.reduce((sum, entry) => sum + entry.members, 0),
    byLevel,
  };
}

/** The member's uplines, nearest first: `level` 1 is its direct upline. */
export async function uplinesOf(db: Executor, memberId: bigint): Promise<{ id: bigint; level: number }[]> {
  const rows = await store.listUplines(db, memberId);
  return rows.map((row) => ({ id: row.id, level: row.depth }));
}

/**
 * Moves a member, with its whole branch, under another upline (null: to the top, under no one).
 * The new upline must be an active agent outside the member's own branch. Runs in the caller's
 * transaction when given one, so the caller's audit record and the move commit together.
 */
export async function moveMember(
  db: Executor,
  memberId: bigint,
  newUplineId: bigint | null,
  fields: MoveFields = DEFAULT_FIELDS,
): Promise<{ memberId: bigint; fromUplineId: bigint | null; toUplineId: bigint | null; branchSize: number }> {
  return db.transaction(async (tx) => {
    // Taken before the member's row, so two moves never hold each other's rows (ADR 029).
    await store.lockMoves(tx);
    const members = memberUpline(tx);
    const member = await members.find(memberId);
    if (!member)
      throw new AppError('NOT_FOUND', { issues: [{ field: fields.member, message: 'no such member' }] });
    if (isTrialType(member.type))
      throw AppError.invalidField(fields.member, 'a trial account belongs to no line');
    if (newUplineId !== null) await checkUpline(tx, member.id, newUplineId, fields);
    const branchSize = (await lineCounts(tx, member.id)).all + 1;
    if (member.uplineId !== newUplineId) await members.set(member.id, newUplineId);
    return { memberId: member.id, fromUplineId: member.uplineId, toUplineId: newUplineId, branchSize };
  });
}

/**
 * Places a member that has no upline yet under an agent: for accounts made first and placed
 * after. Inserting the member with its `upline_id` set does the same in one statement.
 */
export async function placeUnder(
  db: Executor,
  memberId: bigint,
  uplineId: bigint,
  fields: MoveFields = DEFAULT_FIELDS,
): Promise<void> {
  await db.transaction(async (tx) => {
    await store.lockMoves(tx);
    const member = await memberUpline(tx).find(memberId);
    if (!member)
      throw new AppError('NOT_FOUND', { issues: [{ field: fields.member, message: 'no such member' }] });
    if (member.uplineId === uplineId) return;
    if (member.uplineId !== null)
      throw new AppError('CONFLICT', {
        message: 'This member already has an upline: an operator moves it',
        issues: [{ field: fields.member, message: 'already has an upline' }],
      });
    await checkUpline(tx, member.id, uplineId, fields);
    await memberUpline(tx).set(member.id, uplineId);
  });
}

async function checkUpline(
  tx: Executor,
  memberId: bigint,
  uplineId: bigint,
  fields: MoveFields,
): Promise<void> {
  const upline = await memberUpline(tx).find(uplineId);
  if (!upline)
    throw new AppError('NOT_FOUND', { issues: [{ field: fields.upline, message: 'no such member' }] });
  if (!isAgentType(upline.type)) throw AppError.invalidField(fields.upline, 'is not an agent');
  if (upline.status !== 'ACTIVE') throw AppError.invalidField(fields.upline, 'is not active');
  // The trigger refuses a cycle too; asking first gives a clear answer instead of a failed statement.
  if (upline.id === memberId || (await isInLine(tx, memberId, upline.id)))
    throw new AppError('CONFLICT', {
      message: 'A member cannot move under its own line',
      issues: [{ field: fields.upline, message: 'is in the member’s own line' }],
    });
}
