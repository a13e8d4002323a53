import { desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/db/database.ts';
import { members } from '../identity/identity.schema.ts';
import { messageRecipients, messages } from './messages.schema.ts';

/** Whose inbox: the member, and when they joined (a broadcast reaches the members it was sent to). */
export interface InboxOwner {
  memberId: bigint;
  joinedAt: Date;
}

export interface InboxRow {
  id: bigint;
  title: string;
  body: string;
  translations: Record<string, { title: string; body: string }>;
  sentAt: Date;
  readAt: Date | null;
}

type RawRow = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: RawRow[] }).rows;
const dateOf = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

/**
 * The messages a member may see: their own copies of MEMBER and LIST messages, and every
 * broadcast sent since they joined that they have not deleted; never a withdrawn one.
 */
function visibleTo(owner: InboxOwner): SQL {
  return sql`
    select m.id, m.title, m.body, m.translations, m.sent_at, r.read_at
      from messages m
      join message_recipients r on r.message_id = m.id and r.member_id = ${owner.memberId}
     where m.audience <> 'ALL' and m.withdrawn_at is null and r.deleted_at is null
    union all
    select m.id, m.title, m.body, m.translations, m.sent_at, r.read_at
      from messages m
      left join message_recipients r on r.message_id = m.id and r.member_id = ${owner.memberId}
     where m.audience = 'ALL' and m.withdrawn_at is null and m.sent_at >= ${owner.joinedAt.toISOString()}::timestamptz
       and r.deleted_at is null`;
}

function inboxRow(row: RawRow): InboxRow {
  return {
    id: BigInt(String(row.id)),
    title: String(row.title),
    body: String(row.body),
    translations: (typeof row.translations === 'string'
      ? JSON.parse(row.translations)
      : row.translations) as InboxRow['translations'],
    sentAt: dateOf(row.sent_at),
    readAt: row.read_at === null || row.read_at === undefined ? null : dateOf(row.read_at),
  };
}

export async function findInboxPage(
  db: Executor,
  owner: InboxOwner,
  page: { limit: number; offset: number },
): Promise<{ rows: InboxRow[]; total: number; unread: number }> {
  const visible = visibleTo(owner);
  const [items, totals] = await Promise.all([
    db.execute(sql`select * from (${visible}) v order by v.sent_at desc, v.id desc
                    limit ${page.limit} offset ${page.offset}`),
    db.execute(sql`select count(*)::int as total, (count(*) filter (where v.read_at is null))::int as unread
                     from (${visible}) v`),
  ]);
  const [counted] = rowsOf(totals);
  return {
    rows: rowsOf(items).map(inboxRow),
    total: Number(counted?.total ?? 0),
    unread: Number(counted?.unread ?? 0),
  };
}

/** One message, only if the member may see it. */
export async function findVisibleMessage(
  db: Executor,
  owner: InboxOwner,
  messageId: bigint,
): Promise<InboxRow | undefined> {
  const result = await db.execute(sql`select * from (${visibleTo(owner)}) v where v.id = ${messageId}`);
  const [row] = rowsOf(result);
  return row ? inboxRow(row) : undefined;
}

/**
 * Marks a visible message read or deleted. A MEMBER or LIST copy exists already and is updated;
 * a broadcast gets the member's state row now, the first time it is needed.
 */
export async function setRecipientState(
  db: Executor,
  memberId: bigint,
  messageId: bigint,
  state: 'read' | 'deleted',
): Promise<void> {
  const now = new Date();
  const values =
    state === 'read' ? { memberId, messageId, readAt: now } : { memberId, messageId, deletedAt: now };
  const set =
    state === 'read'
      ? { readAt: sql`coalesce(${messageRecipients.readAt}, excluded.read_at)` }
      : { deletedAt: sql`coalesce(${messageRecipients.deletedAt}, excluded.deleted_at)` };
  await db
    .insert(messageRecipients)
    .values(values)
    .onConflictDoUpdate({ target: [messageRecipients.memberId, messageRecipients.messageId], set });
}

/** Every visible message read: the member's copies updated, state rows added for broadcasts. */
export async function markAllRead(db: Executor, owner: InboxOwner): Promise<void> {
  await db.execute(sql`
    update message_recipients r set read_at = now()
      from messages m
     where m.id = r.message_id and r.member_id = ${owner.memberId}
       and r.read_at is null and r.deleted_at is null and m.withdrawn_at is null`);
  await db.execute(sql`
    insert into message_recipients (member_id, message_id, read_at)
    select ${owner.memberId}, m.id, now() from messages m
     where m.audience = 'ALL' and m.withdrawn_at is null and m.sent_at >= ${owner.joinedAt.toISOString()}::timestamptz
    on conflict (member_id, message_id) do nothing`);
}

/**
 * The unread count: the badge's hot call, one statement prepared once per database handle. The
 * counting is the SQL function `messages_unread_count` (migration 0009): as a plain prepared
 * statement PostgreSQL re-planned it on every call, which cost three quarters of its time; the
 * function keeps one plan per connection.
 */
export function prepareUnreadCount(db: Database) {
  const statement = db
    .select({ unread: sql<number>`messages_unread_count(${members.id})` })
    .from(members)
    .where(eq(members.id, sql.placeholder('memberId')))
    .prepare('messages_unread_count');
  return async (id: bigint): Promise<number> => {
    const [row] = await statement.execute({ memberId: id });
    return Number(row?.unread ?? 0);
  };
}

// Operator side.

export async function insertMessage(tx: Executor, values: typeof messages.$inferInsert) {
  const [row] = await tx.insert(messages).values(values).returning();
  if (!row) throw new Error('message not inserted');
  return row;
}

export async function insertRecipients(tx: Executor, messageId: bigint, memberIds: bigint[]): Promise<void> {
  // Chunks keep each statement below PostgreSQL's limit of bound parameters.
  for (let start = 0; start < memberIds.length; start += 5000) {
    const chunk = memberIds.slice(start, start + 5000);
    await tx.insert(messageRecipients).values(chunk.map((memberId) => ({ memberId, messageId })));
  }
}

export async function findMembersByUsername(tx: Executor, usernames: string[]) {
  if (usernames.length === 0) return [];
  return tx
    .select({ id: members.id, username: members.username })
    .from(members)
    .where(inArray(members.username, usernames));
}

export async function findSentPage(db: Executor, page: { limit: number; offset: number }) {
  const [rows, [counted]] = await Promise.all([
    db.select().from(messages).orderBy(desc(messages.id)).limit(page.limit).offset(page.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(messages),
  ]);
  return { rows, total: Number(counted?.total ?? 0) };
}

export async function findSentMessage(db: Executor, id: bigint) {
  const [row] = await db.select().from(messages).where(eq(messages.id, id));
  return row;
}

/**
 * Withdraws a message not yet withdrawn, and marks its members' copies deleted (the unread count
 * reads the copies alone); answers it, or undefined when there was none to withdraw.
 */
export async function withdrawMessage(tx: Executor, id: bigint) {
  const now = new Date();
  const [row] = await tx
    .update(messages)
    .set({ withdrawnAt: now })
    .where(sql`${messages.id} = ${id} and ${messages.withdrawnAt} is null`)
    .returning();
  if (row) {
    await tx
      .update(messageRecipients)
      .set({ deletedAt: sql`coalesce(${messageRecipients.deletedAt}, ${now.toISOString()}::timestamptz)` })
      .where(eq(messageRecipients.messageId, id));
  }
  return row;
}

export async function recipientIdsOf(tx: Executor, messageId: bigint): Promise<bigint[]> {
  const rows = await tx
    .select({ memberId: messageRecipients.memberId })
    .from(messageRecipients)
    .where(eq(messageRecipients.messageId, messageId));
  return rows.map((row) => row.memberId);
}
