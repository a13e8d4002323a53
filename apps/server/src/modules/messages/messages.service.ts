import type {
  Message,
  MessageInbox,
  MessageText,
  SendMessageInput,
  SentMessage,
} from '@fortuna/contracts/messages';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { MemberEvents } from '../../platform/member-events.ts';
import { recordAudit } from '../operators/audit.ts';
import type { messages } from './messages.schema.ts';
import * as store from './messages.store.ts';

/** The member reading their inbox: who, since when, and in which language. */
export interface Reader {
  memberId: bigint;
  createdAt: Date;
  language: string;
}

const ownerOf = (reader: Reader): store.InboxOwner => ({
  memberId: reader.memberId,
  joinedAt: reader.createdAt,
});
const notFound = () => new AppError('NOT_FOUND', { message: 'There is no such message' });

/** The text in the reader's language where the operator wrote one, else the default text. */
function asRead(row: store.InboxRow, language: string): Message {
  const text = row.translations[language] ?? { title: row.title, body: row.body };
  return {
    id: row.id.toString(),
    title: text.title,
    body: text.body,
    sentAt: row.sentAt.toISOString(),
    read: row.readAt !== null,
  };
}

function asSent(row: typeof messages.$inferSelect): SentMessage {
  return {
    id: row.id.toString(),
    audience: row.audience as SentMessage['audience'],
    title: row.title,
    body: row.body,
    translations: row.translations,
    recipientCount: row.recipientCount,
    sentBy: row.sentBy,
    sentAt: row.sentAt.toISOString(),
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
  };
}

export function createMessagesService(deps: { db: Database; memberEvents: MemberEvents }) {
  const { db, memberEvents } = deps;
  const unreadCountOf = store.prepareUnreadCount(db);

  /** Every open page of the member shows the new count at once (never rejects). */
  async function announceCount(memberId: bigint): Promise<number> {
    const unreadCount = await unreadCountOf(memberId);
    await memberEvents.publish(memberId, { type: 'messages', unreadCount });
    return unreadCount;
  }

  async function visibleOrNotFound(reader: Reader, id: bigint): Promise<store.InboxRow> {
    const row = await store.findVisibleMessage(db, ownerOf(reader), id);
    if (!row) throw notFound();
    return row;
  }

  return {
    unreadCount: unreadCountOf,

    async inbox(reader: Reader, query: { page: number; pageSize: number }): Promise<MessageInbox> {
      const found = await store.findInboxPage(db, ownerOf(reader), {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return {
        items: found.rows.map((row) => asRead(row, reader.language)),
        page: query.page,
        pageSize: query.pageSize,
        total: found.total,
        unreadCount: found.unread,
      };
    },

    /** Opening a message marks it read. */
    async open(reader: Reader, id: bigint): Promise<Message> {
      const row = await visibleOrNotFound(reader, id);
      if (row.readAt === null) {
        await store.setRecipientState(db, reader.memberId, id, 'read');
        await announceCount(reader.memberId);
      }
      return asRead({ ...row, readAt: row.readAt ?? new Date() }, reader.language);
    },

    async remove(reader: Reader, id: bigint): Promise<number> {
      await visibleOrNotFound(reader, id);
      await store.setRecipientState(db, reader.memberId, id, 'deleted');
      return announceCount(reader.memberId);
    },

    async readAll(reader: Reader): Promise<number> {
      await db.transaction((tx) => store.markAllRead(tx, ownerOf(reader)));
      return announceCount(reader.memberId);
    },

    // Operator side.

    /** Sends, audited in the same transaction; unknown usernames are named and nothing is written. */
    async send(message: SendMessageInput, actor: string): Promise<SentMessage> {
      const usernames =
        message.audience === 'MEMBER'
          ? [message.username.toLowerCase()]
          : message.audience === 'LIST'
            ? [...new Set(message.usernames.map((name) => name.toLowerCase()))]
            : [];
      const { row, recipientIds } = await db.transaction(async (tx) => {
        const found = await store.findMembersByUsername(tx, usernames);
        const unknown = usernames.filter((name) => !found.some((member) => member.username === name));
        if (unknown.length > 0) {
          const field = message.audience === 'MEMBER' ? 'body.username' : 'body.usernames';
          throw AppError.invalidField(field, `no such member: ${unknown.join(', ')}`);
        }
        const row = await store.insertMessage(tx, {
          audience: message.audience,
          title: message.title,
          body: message.body,
          translations: message.translations as Record<string, MessageText>,
          recipientCount: message.audience === 'ALL' ? null : found.length,
          sentBy: actor,
        });
        const recipientIds = found.map((member) => member.id);
        await store.insertRecipients(tx, row.id, recipientIds);
        await recordAudit(tx, {
          actor,
          action: 'message.send',
          targetType: 'message',
          targetId: row.id.toString(),
          details: { audience: message.audience, recipientCount: row.recipientCount, title: message.title },
        });
        return { row, recipientIds };
      });
      await announceAfterChange(row.audience, recipientIds);
      return asSent(row);
    },

    async listSent(query: { page: number; pageSize: number }) {
      const found = await store.findSentPage(db, {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return {
        items: found.rows.map(asSent),
        page: query.page,
        pageSize: query.pageSize,
        total: found.total,
      };
    },

    /** Withdrawn messages leave every inbox; withdrawing twice is a 409, with nothing written. */
    async withdraw(id: bigint, actor: string): Promise<SentMessage> {
      const { row, recipientIds } = await db.transaction(async (tx) => {
        const row = await store.withdrawMessage(tx, id);
        if (!row) {
          const exists = await store.findSentMessage(tx, id);
          if (!exists) throw notFound();
          throw new AppError('CONFLICT', { message: 'This message is withdrawn already' });
        }
        await recordAudit(tx, {
          actor,
          action: 'message.withdraw',
          targetType: 'message',
          targetId: id.toString(),
        });
        return { row, recipientIds: await store.recipientIdsOf(tx, id) };
      });
      await announceAfterChange(row.audience, recipientIds);
      return asSent(row);
    },
  };

  /** After the commit: each addressed member's new count, or one site event for a broadcast. */
  async function announceAfterChange(audience: string, recipientIds: bigint[]): Promise<void> {
    if (audience === 'ALL') {
      await memberEvents.broadcast({ type: 'broadcastMessages' });
      return;
    }
    for (const memberId of recipientIds) await announceCount(memberId);
  }
}
export type MessagesService = ReturnType<typeof createMessagesService>;
