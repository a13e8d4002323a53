import { AnnouncementPaths, OpsAnnouncementListResponseSchema } from '@fortuna/contracts/announcements';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, opsHeaders } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { announcements, announcementTexts } from './content.schema.ts';
import {
  announcementInput,
  createAnnouncement,
  memberSession,
  readAnnouncements,
} from './content.test-helpers.ts';

describeEachDatabase('announcements list (spec 2.8, 7.4)', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database());
  });
  afterAll(() => app.close());
  afterEach(() => vi.useRealTimers());

  // Each test starts from no published announcement.
  beforeEach(async () => {
    const listed = await app.inject({
      method: 'GET',
      url: AnnouncementPaths.opsList,
      query: { status: 'PUBLISHED' },
      headers: opsHeaders,
    });
    for (const item of OpsAnnouncementListResponseSchema.parse(listed.json()).value ?? []) {
      await app.inject({
        method: 'POST',
        url: AnnouncementPaths.opsWithdraw.replace(':id', item.id),
        headers: opsHeaders,
      });
    }
  });

  const titles = (page: { list: { title: string }[] }) => page.list.map((item) => item.title).sort();
  const texts = (title: string) => [{ lang: 'EN' as const, title, content: `<p>${title}</p>` }];

  async function publishOneOfEachAudience() {
    await createAnnouncement(app, announcementInput({ texts: texts('for all') }));
    await createAnnouncement(app, announcementInput({ popupType: 'A', texts: texts('members popup') }));
    await createAnnouncement(app, announcementInput({ popupType: 'F', texts: texts('first login popup') }));
    await createAnnouncement(app, announcementInput({ popupType: 'B', texts: texts('visitors popup') }));
  }

  describe('visibility by popup type and login state', () => {
    it('when a visitor reads, then they see the general ones and popup type B, never A or F', async () => {
      await publishOneOfEachAudience();
      expect(titles(await readAnnouncements(app, {}))).toEqual(['for all', 'visitors popup']);
      expect(titles(await readAnnouncements(app, { popup: true }))).toEqual(['visitors popup']);
    });

    it('when a member who logged in before reads, then they see popup type A, not B or F', async () => {
      await publishOneOfEachAudience();
      const token = await memberSession(database().db);
      expect(titles(await readAnnouncements(app, {}, token))).toEqual(['for all', 'members popup']);
      expect(titles(await readAnnouncements(app, { popup: true }, token))).toEqual(['members popup']);
    });

    it('when a member reads in their first session, then popup type F shows beside A', async () => {
      await publishOneOfEachAudience();
      const token = await memberSession(database().db, { earlierSession: false });
      expect(titles(await readAnnouncements(app, { popup: true }, token))).toEqual([
        'first login popup',
        'members popup',
      ]);
    });

    it('when the token sent is not a live session, then the answer is 401, not the visitors list', async () => {
      const answer = await app.inject({
        method: 'GET',
        url: AnnouncementPaths.list,
        query: { lang: 'EN' },
        headers: { authorization: `Bearer ${'x'.repeat(43)}` },
      });
      expect(answer.statusCode).toBe(401);
    });

    it('when a type is asked for, then only that type is listed', async () => {
      await createAnnouncement(app, announcementInput({ type: 'PR', texts: texts('promo') }));
      await createAnnouncement(app, announcementInput({ type: 'PL', texts: texts('platform') }));
      expect(titles(await readAnnouncements(app, { type: 'PR' }))).toEqual(['promo']);
    });
  });

  describe('publish windows and status', () => {
    it('when a window has not opened or has closed, then it is hidden; inside it, it shows', async () => {
      const hour = 3_600_000;
      const at = (offset: number) => new Date(Date.now() + offset).toISOString();
      await createAnnouncement(app, announcementInput({ texts: texts('later'), startsAt: at(hour) }));
      await createAnnouncement(
        app,
        announcementInput({ texts: texts('over'), startsAt: at(-2 * hour), endsAt: at(-hour) }),
      );
      await createAnnouncement(
        app,
        announcementInput({ texts: texts('now'), startsAt: at(-hour), endsAt: at(hour) }),
      );
      expect(titles(await readAnnouncements(app, {}))).toEqual(['now']);

      // Two hours on, the first window has opened and the last has closed, with no operator action.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * hour });
      expect(titles(await readAnnouncements(app, {}))).toEqual(['later']);
    });

    it('when an announcement is a draft or withdrawn, then nobody sees it', async () => {
      await createAnnouncement(app, announcementInput({ texts: texts('draft') }), { publish: false });
      const id = await createAnnouncement(app, announcementInput({ texts: texts('gone') }));
      await app.inject({
        method: 'POST',
        url: AnnouncementPaths.opsWithdraw.replace(':id', id),
        headers: opsHeaders,
      });
      expect((await readAnnouncements(app, {})).total).toBe(0);
    });

    it('when the window is moved by the schedule call, then the list follows at once', async () => {
      const id = await createAnnouncement(app, announcementInput({ texts: texts('moved') }));
      const scheduled = await app.inject({
        method: 'PUT',
        url: AnnouncementPaths.opsSchedule.replace(':id', id),
        headers: opsHeaders,
        payload: { startsAt: new Date(Date.now() + 86_400_000).toISOString(), endsAt: null },
      });
      expect(scheduled.statusCode).toBe(200);
      expect((await readAnnouncements(app, {})).total).toBe(0);
    });
  });

  describe('language', () => {
    it('when the language asked for has a text, then it is served; otherwise the default language', async () => {
      await createAnnouncement(
        app,
        announcementInput({
          texts: [
            { lang: 'EN', title: 'Hello', content: '<p>en</p>' },
            { lang: 'TY', title: 'Sawasdee', content: '<p>ty</p>' },
          ],
        }),
      );
      await createAnnouncement(app, announcementInput({ texts: texts('English only') }));
      const inThai = await readAnnouncements(app, { lang: 'TY' });
      expect(
        inThai.list
          .map(({ lang, title }) => ({ lang, title }))
          .sort((a, b) => a.title.localeCompare(b.title)),
      ).toEqual([
        { lang: 'EN', title: 'English only' },
        { lang: 'TY', title: 'Sawasdee' },
      ]);
    });
  });

  describe('paging', () => {
    it('when there are 11, then pages of 9 hold 9 and 2, newest first, with the totals', async () => {
      for (let n = 1; n <= 11; n += 1) {
        const startsAt = new Date(Date.now() - (12 - n) * 60_000).toISOString();
        await createAnnouncement(app, announcementInput({ texts: texts(`n${n}`), startsAt }));
      }
      const first = await readAnnouncements(app, { pageNo: 1 });
      const second = await readAnnouncements(app, { pageNo: 2 });
      expect(first).toMatchObject({ pageNo: 1, pageSize: 9, total: 11, totalPages: 2 });
      expect(first.list.map((item) => item.title)).toEqual([
        'n11',
        'n10',
        'n9',
        'n8',
        'n7',
        'n6',
        'n5',
        'n4',
        'n3',
      ]);
      expect(second.list.map((item) => item.title)).toEqual(['n2', 'n1']);
    });

    it.each([
      ['pageNo', { pageNo: '0' }],
      ['pageSize', { pageSize: '51' }],
      ['lang', { lang: 'XX' }],
      ['type', { type: 'Z' }],
      ['platform', { platform: 'Q' }],
    ])('when %s is out of range, then 400 names it', async (field, query) => {
      const answer = await app.inject({
        method: 'GET',
        url: AnnouncementPaths.list,
        query: { lang: 'EN', ...query },
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().value.issues.map((issue: { field: string }) => issue.field)).toContain(
        `query.${field}`,
      );
    });
  });

  describe('script injection', () => {
    it('when content holds scripts and handlers, then they are removed before storing and again on reading', async () => {
      const dirty =
        '<p onclick="steal()">Hi<script>alert(1)</script><a href="javascript:alert(1)">x</a><img src="https://img.example/a.png" onerror="steal()"></p>';
      await createAnnouncement(
        app,
        announcementInput({ texts: [{ lang: 'EN', title: 'x', content: dirty }] }),
      );
      const stored = await database().db.select().from(announcementTexts);
      for (const row of stored) expect(row.contentHtml).not.toMatch(/script|onclick|onerror|javascript:/i);

      // A row written around the API (by hand, or under older rules) is cleaned on the way out.
      const [raw] = await database()
        .db.insert(announcements)
        .values({ type: 'B', status: 'PUBLISHED', publishedAt: new Date() })
        .returning();
      await database()
        .db.insert(announcementTexts)
        .values({ announcementId: raw?.id as bigint, lang: 'EN', title: 'raw', contentHtml: dirty });
      await app.inject({
        method: 'POST',
        url: AnnouncementPaths.opsWithdraw.replace(':id', 'x'),
        headers: opsHeaders,
      });
      const id = await createAnnouncement(app, announcementInput({ texts: texts('refresh') }), {
        publish: false,
      });
      await app.inject({
        method: 'POST',
        url: AnnouncementPaths.opsPublish.replace(':id', id),
        headers: opsHeaders,
      });
      const page = await readAnnouncements(app, {});
      expect(page.list.map((item) => item.title)).toContain('raw');
      for (const item of page.list) expect(item.content).not.toMatch(/script|onclick|onerror|javascript:/i);
      expect(page.list.find((item) => item.title === 'raw')?.content).toContain(
        'src="https://img.example/a.png"',
      );
    });
  });
});
