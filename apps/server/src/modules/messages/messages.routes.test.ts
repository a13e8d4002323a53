import {
  MessageInboxResponseSchema,
  MessageOpsPaths,
  MessagePaths,
  MessageResponseSchema,
  SentMessageResponseSchema,
  UnreadCountResponseSchema,
} from '@fortuna/contracts/messages';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { opsHeaders } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { loggedInMember } from '../../test/wallet-fixtures.ts';
import { memberSessions, members } from '../identity/identity.schema.ts';
import { auditLog } from '../operators/operators.schema.ts';
import { messageRecipients } from './messages.schema.ts';
import { buildAppWithEvents, operatorHeaders, recordingMemberEvents } from './messages.test-helpers.ts';

describeEachDatabase(
  'platform messages: inbox, unread count, ownership and the operator calls',
  (database) => {
    let app: FastifyInstance;
    const recorded = recordingMemberEvents();
    beforeAll(async () => {
      app = await buildAppWithEvents(database(), recorded.events);
    });
    afterAll(() => app.close());
    beforeEach(() => recorded.clear());

    const member = () => loggedInMember(database().db, { withPaymentPassword: false });
    const send = (payload: unknown, headers: Record<string, string> = opsHeaders) =>
      app.inject({ method: 'POST', url: MessageOpsPaths.messages, headers, payload: payload as object });
    const sendTo = async (username: string, title = 'Hello', body = 'A message\nwith two lines') => {
      const answer = await send({ audience: 'MEMBER', username, title, body });
      expect(answer.statusCode, answer.body).toBe(200);
      return SentMessageResponseSchema.parse(answer.json()).value?.id as string;
    };
    const unread = async (headers: Record<string, string>) => {
      const answer = await app.inject({ method: 'GET', url: MessagePaths.unreadCount, headers });
      expect(answer.statusCode).toBe(200);
      return UnreadCountResponseSchema.parse(answer.json()).value?.unreadCount;
    };
    const inbox = async (headers: Record<string, string>, query = '') => {
      const answer = await app.inject({ method: 'GET', url: `${MessagePaths.inbox}${query}`, headers });
      expect(answer.statusCode, answer.body).toBe(200);
      const value = MessageInboxResponseSchema.parse(answer.json()).value;
      if (!value) throw new Error('no inbox');
      return value;
    };
    const messageUrl = (id: string) => MessagePaths.message.replace(':id', id);
    const counts = async () => {
      const [row] = await database()
        .db.execute(sql`select
      (select count(*)::int from messages) as messages,
      (select count(*)::int from message_recipients) as recipients,
      (select count(*)::int from audit_log
        where action not in ('operator.login', 'ops-token.call')) as audits`)
        .then((result) => (result as unknown as { rows: Record<string, number>[] }).rows);
      return row;
    };

    it('when a message is sent to one member, then only that member sees it and counts it, and their pages hear the new count', async () => {
      const alice = await member();
      const bob = await member();
      const id = await sendTo(alice.member.username);
      expect(await unread(alice.headers)).toBe(1);
      expect(await unread(bob.headers)).toBe(0);
      const box = await inbox(alice.headers);
      expect(box).toMatchObject({ total: 1, unreadCount: 1 });
      expect(box.items[0]).toMatchObject({
        id,
        title: 'Hello',
        body: 'A message\nwith two lines',
        read: false,
      });
      expect((await inbox(bob.headers)).total).toBe(0);
      expect(recorded.sent).toContainEqual({
        memberId: alice.member.id,
        event: { type: 'messages', unreadCount: 1 },
      });
    });

    it('when a member opens their message, then it is read, the count drops and their other pages hear it', async () => {
      const alice = await member();
      const id = await sendTo(alice.member.username);
      recorded.clear();
      const opened = await app.inject({ method: 'GET', url: messageUrl(id), headers: alice.headers });
      expect(opened.statusCode).toBe(200);
      expect(MessageResponseSchema.parse(opened.json()).value).toMatchObject({ id, read: true });
      expect(await unread(alice.headers)).toBe(0);
      expect(recorded.sent).toEqual([
        { memberId: alice.member.id, event: { type: 'messages', unreadCount: 0 } },
      ]);
    });

    it("when a member reads, opens or deletes another member's message, then it is 404 and nothing changes", async () => {
      const alice = await member();
      const mallory = await member();
      const id = await sendTo(alice.member.username);
      const before = await counts();
      for (const method of ['GET', 'DELETE'] as const) {
        const answer = await app.inject({ method, url: messageUrl(id), headers: mallory.headers });
        expect(answer.statusCode).toBe(404);
        expect(answer.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
      }
      expect(await counts()).toEqual(before);
      const [copy] = await database()
        .db.select()
        .from(messageRecipients)
        .where(
          and(eq(messageRecipients.memberId, alice.member.id), eq(messageRecipients.messageId, BigInt(id))),
        );
      expect(copy).toMatchObject({ readAt: null, deletedAt: null });
      expect(await unread(alice.headers)).toBe(1);
      expect((await inbox(mallory.headers)).total).toBe(0);
    });

    it('when a member deletes their message, then it leaves the inbox and the count, and deleting again is 404', async () => {
      const alice = await member();
      const id = await sendTo(alice.member.username);
      const removed = await app.inject({ method: 'DELETE', url: messageUrl(id), headers: alice.headers });
      expect(removed.json()).toMatchObject({ success: true, value: { removed: true, unreadCount: 0 } });
      expect((await inbox(alice.headers)).total).toBe(0);
      const again = await app.inject({ method: 'DELETE', url: messageUrl(id), headers: alice.headers });
      expect(again.statusCode).toBe(404);
    });

    it('when a message goes to everyone, then it is stored once with no row per member, every member counts it and each read is their own', async () => {
      const alice = await member();
      const bob = await member();
      const aliceBefore = (await unread(alice.headers)) ?? 0;
      const bobBefore = (await unread(bob.headers)) ?? 0;
      const answer = await send({ audience: 'ALL', title: 'Maintenance', body: 'Tonight at 2' });
      expect(answer.statusCode, answer.body).toBe(200);
      const id = SentMessageResponseSchema.parse(answer.json()).value?.id as string;
      expect(answer.json().value).toMatchObject({ audience: 'ALL', recipientCount: null });
      const copies = await database()
        .db.select()
        .from(messageRecipients)
        .where(eq(messageRecipients.messageId, BigInt(id)));
      expect(copies).toHaveLength(0);
      expect(recorded.sent).toEqual([{ memberId: 'site', event: { type: 'broadcastMessages' } }]);

      expect(await unread(alice.headers)).toBe(aliceBefore + 1);
      expect(await unread(bob.headers)).toBe(bobBefore + 1);
      await app.inject({ method: 'GET', url: messageUrl(id), headers: alice.headers });
      expect(await unread(alice.headers)).toBe(aliceBefore);
      expect(await unread(bob.headers)).toBe(bobBefore + 1);

      await app.inject({ method: 'DELETE', url: messageUrl(id), headers: bob.headers });
      expect((await inbox(bob.headers)).items.map((item) => item.id)).not.toContain(id);
      expect((await inbox(alice.headers)).items.map((item) => item.id)).toContain(id);

      // A member who joins afterwards was not among "everyone" when it was sent.
      const late = await member();
      await database()
        .db.update(members)
        .set({ createdAt: new Date(Date.now() + 1000) })
        .where(eq(members.id, late.member.id));
      expect((await inbox(late.headers)).items.map((item) => item.id)).not.toContain(id);
    });

    it('when a member marks all read, then their own copies and the broadcasts are read and nobody else is touched', async () => {
      const alice = await member();
      const bob = await member();
      await sendTo(alice.member.username, 'One');
      await send({
        audience: 'LIST',
        usernames: [alice.member.username, bob.member.username],
        title: 'Two',
        body: 'b',
      });
      await send({ audience: 'ALL', title: 'Three', body: 'c' });
      const bobBefore = await unread(bob.headers);
      const answer = await app.inject({ method: 'POST', url: MessagePaths.readAll, headers: alice.headers });
      expect(answer.json()).toMatchObject({ success: true, value: { unreadCount: 0 } });
      expect(await unread(alice.headers)).toBe(0);
      expect((await inbox(alice.headers)).items.every((item) => item.read)).toBe(true);
      expect(await unread(bob.headers)).toBe(bobBefore);
    });

    it('when the inbox is paged, then pages hold the newest first and the total counts them all', async () => {
      const alice = await member();
      for (let n = 1; n <= 12; n += 1) await sendTo(alice.member.username, `Message ${n}`);
      const first = await inbox(alice.headers, '?page=1&pageSize=10');
      const second = await inbox(alice.headers, '?page=2&pageSize=10');
      expect(first.items).toHaveLength(10);
      expect(first.items[0]?.title).toBe('Message 12');
      expect(second.items.map((item) => item.title)).toEqual(['Message 2', 'Message 1']);
      expect(second).toMatchObject({ total: 12, page: 2 });
      const bad = await app.inject({
        method: 'GET',
        url: `${MessagePaths.inbox}?pageSize=500`,
        headers: alice.headers,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().value.issues[0].field).toContain('pageSize');
    });

    it("when a message has a text in the member's language, then the member reads that one, others the default", async () => {
      const tagalog = await loggedInMember(database().db, { withPaymentPassword: false, language: 'TY' });
      const english = await member();
      await send({
        audience: 'LIST',
        usernames: [tagalog.member.username, english.member.username],
        title: 'Welcome',
        body: 'Hello',
        translations: { TY: { title: 'Maligayang pagdating', body: 'Kumusta' } },
      });
      expect((await inbox(tagalog.headers)).items[0]).toMatchObject({
        title: 'Maligayang pagdating',
        body: 'Kumusta',
      });
      expect((await inbox(english.headers)).items[0]).toMatchObject({ title: 'Welcome', body: 'Hello' });
    });

    it('when an operator sends bad input, then the field is named and nothing is written', async () => {
      const alice = await member();
      const before = await counts();
      const cases: [unknown, string][] = [
        [{ audience: 'MEMBER', username: 'nobody-here', title: 't', body: 'b' }, 'body.username'],
        [
          { audience: 'LIST', usernames: [alice.member.username, 'ghost1'], title: 't', body: 'b' },
          'body.usernames',
        ],
        [{ audience: 'ALL', title: '', body: 'b' }, 'title'],
        [{ audience: 'ALL', title: 't', body: 'x'.repeat(2001) }, 'body'],
        [{ audience: 'ALL', title: '<script>alert(1)</script>', body: 'b' }, 'title'],
        [{ audience: 'SOME', title: 't', body: 'b' }, 'audience'],
        [{ audience: 'LIST', usernames: [], title: 't', body: 'b' }, 'usernames'],
        [
          { audience: 'ALL', title: 't', body: 'b', translations: { XX: { title: 't', body: 'b' } } },
          'translations',
        ],
      ];
      for (const [payload, field] of cases) {
        const answer = await send(payload);
        expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
        expect(JSON.stringify(answer.json().value.issues), JSON.stringify(payload)).toContain(field);
      }
      expect(
        (await send({ audience: 'LIST', usernames: ['ghost1'], title: 't', body: 'b' })).json().message,
      ).toContain('ghost1');
      expect(await counts()).toEqual(before);
    });

    it('when operators of each role call, then ADMIN and SUPPORT send and list, FINANCE and anonymous callers are refused', async () => {
      const alice = await member();
      const payload = { audience: 'MEMBER', username: alice.member.username, title: 't', body: 'b' };
      const admin = await operatorHeaders(app, database().db, 'ADMIN');
      const support = await operatorHeaders(app, database().db, 'SUPPORT');
      const finance = await operatorHeaders(app, database().db, 'FINANCE');
      expect((await send(payload, admin)).statusCode).toBe(200);
      expect((await send(payload, support)).statusCode).toBe(200);
      const before = await counts();
      expect((await send(payload, finance)).statusCode).toBe(403);
      expect((await send(payload, {})).statusCode).toBe(401);
      expect(await counts()).toEqual(before);
      const list = await app.inject({
        method: 'GET',
        url: `${MessageOpsPaths.messages}?pageSize=2`,
        headers: support,
      });
      expect(list.json().value.items).toHaveLength(2);
      expect(
        (await app.inject({ method: 'GET', url: MessageOpsPaths.messages, headers: finance })).statusCode,
      ).toBe(403);
    });

    it('when a message is sent and withdrawn, then both are audited with the operator and the message leaves the inbox; twice is 409', async () => {
      const alice = await member();
      const support = await operatorHeaders(app, database().db, 'SUPPORT');
      const sent = await send(
        { audience: 'MEMBER', username: alice.member.username, title: 't', body: 'b' },
        support,
      );
      const id = sent.json().value.id as string;
      const withdrawUrl = MessageOpsPaths.withdraw.replace(':id', id);
      recorded.clear();
      const withdrawn = await app.inject({ method: 'POST', url: withdrawUrl, headers: support });
      expect(withdrawn.statusCode).toBe(200);
      expect(withdrawn.json().value.withdrawnAt).not.toBeNull();
      expect(await unread(alice.headers)).toBe(0);
      expect((await inbox(alice.headers)).total).toBe(0);
      expect(recorded.sent).toEqual([
        { memberId: alice.member.id, event: { type: 'messages', unreadCount: 0 } },
      ]);
      const audits = await database().db.select().from(auditLog).where(eq(auditLog.targetId, id));
      expect(audits.filter((row) => row.targetType === 'message').map((row) => row.action)).toEqual([
        'message.send',
        'message.withdraw',
      ]);
      expect(audits[0]?.actor).toMatch(/^operator:\d+$/);
      const again = await app.inject({ method: 'POST', url: withdrawUrl, headers: support });
      expect(again.statusCode).toBe(409);
      const missing = await app.inject({
        method: 'POST',
        url: MessageOpsPaths.withdraw.replace(':id', '999999'),
        headers: support,
      });
      expect(missing.statusCode).toBe(404);
    });

    it('when the unread count is asked with a revoked session, then it is 401 (its own guard checks as the member guard does)', async () => {
      const alice = await member();
      await sendTo(alice.member.username);
      expect(await unread(alice.headers)).toBe(1);
      await database()
        .db.update(memberSessions)
        .set({ revokedAt: new Date() })
        .where(eq(memberSessions.memberId, alice.member.id));
      const answer = await app.inject({
        method: 'GET',
        url: MessagePaths.unreadCount,
        headers: alice.headers,
      });
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    });

    it('when the unread count or inbox is asked without a session, then it is 401', async () => {
      for (const url of [MessagePaths.unreadCount, MessagePaths.inbox]) {
        expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
      }
    });
  },
);
