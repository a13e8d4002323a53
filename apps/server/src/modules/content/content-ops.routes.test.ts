import { AnnouncementPaths } from '@fortuna/contracts/announcements';
import type { PushedEvent } from '@fortuna/contracts/events';
import { BannerPaths, NoticePaths } from '@fortuna/contracts/home-content';
import { and, count, eq, notInArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createInProcessBus } from '../../platform/events.ts';
import { createInProcessMemberEvents } from '../../platform/member-events.ts';
import { seedDemoOperators } from '../../seed/demo-operators.ts';
import { opsHeaders, TEST_OPS_TOKEN } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { demoOperatorToken, readyOperator } from '../../test/operator-sessions.ts';
import { ACCESS_AUDIT_ACTIONS } from '../operators/audit.ts';
import { auditLog } from '../operators/operators.schema.ts';
import { announcements, banners, notices } from './content.schema.ts';
import { announcementInput, createAnnouncement } from './content.test-helpers.ts';

describeEachDatabase('content operator API', (database) => {
  let app: FastifyInstance;
  const heard: PushedEvent[] = [];
  beforeAll(async () => {
    await seedDemoOperators(database().db);
    const memberEvents = createInProcessMemberEvents();
    // A page of some member, listening as the event stream would.
    await memberEvents.subscribe(1n, (event) => heard.push(event));
    app = await buildApp({
      config: loadConfig({ OPS_TOKEN: TEST_OPS_TOKEN, WEB_DIST_DIR: '/nonexistent' }),
      database: database(),
      events: createInProcessBus(),
      memberEvents,
      logger: false,
    });
  });
  afterAll(() => app.close());

  async function operatorToken(username: string, role?: 'ADMIN' | 'FINANCE' | 'SUPPORT'): Promise<string> {
    return role ? (await readyOperator(app, role, username)).token : demoOperatorToken(app, username);
  }

  const rows = async () => {
    const db = database().db;
    const [a] = await db.select({ n: count() }).from(announcements);
    const [n] = await db.select({ n: count() }).from(notices);
    const [b] = await db.select({ n: count() }).from(banners);
    const [audit] = await db
      .select({ n: count() })
      .from(auditLog)
      .where(notInArray(auditLog.action, ACCESS_AUDIT_ACTIONS));
    return { announcements: a?.n, notices: n?.n, banners: b?.n, audit: audit?.n };
  };

  describe('roles', () => {
    it('when SUPPORT creates and publishes, then it works; FINANCE is refused 403 and nothing is written', async () => {
      const support = await operatorToken('support01', 'SUPPORT');
      const created = await app.inject({
        method: 'POST',
        url: AnnouncementPaths.opsList,
        headers: { authorization: `Bearer ${support}` },
        payload: announcementInput(),
      });
      expect(created.statusCode).toBe(201);

      const before = await rows();
      const finance = await operatorToken('finance01');
      const refused = await app.inject({
        method: 'POST',
        url: AnnouncementPaths.opsList,
        headers: { authorization: `Bearer ${finance}` },
        payload: announcementInput(),
      });
      expect(refused.statusCode).toBe(403);
      const publish = await app.inject({
        method: 'POST',
        url: AnnouncementPaths.opsPublish.replace(':id', created.json().value.id),
        headers: { authorization: `Bearer ${finance}` },
      });
      expect(publish.statusCode).toBe(403);
      expect(await rows()).toEqual(before);
    });

    it('when no operator token is sent, then 401', async () => {
      for (const url of [AnnouncementPaths.opsList, NoticePaths.opsList, BannerPaths.opsList]) {
        expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
      }
    });
  });

  describe('bad input names the field and writes nothing', () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const cases: [string, string, Record<string, unknown>, string][] = [
      ['an announcement without texts', AnnouncementPaths.opsList, { type: 'B', texts: [] }, 'body.texts'],
      [
        'an announcement of an unknown type',
        AnnouncementPaths.opsList,
        announcementInput({ type: 'X' as never }),
        'body.type',
      ],
      [
        'an announcement of an unknown popup type',
        AnnouncementPaths.opsList,
        announcementInput({ popupType: 'Z' as never }),
        'body.popupType',
      ],
      [
        'an announcement without the default language',
        AnnouncementPaths.opsList,
        announcementInput({ texts: [{ lang: 'TY', title: 't', content: '' }] }),
        'body.texts',
      ],
      [
        'an announcement with a language twice',
        AnnouncementPaths.opsList,
        announcementInput({
          texts: [
            { lang: 'EN', title: 'a', content: '' },
            { lang: 'EN', title: 'b', content: '' },
          ],
        }),
        'body.texts',
      ],
      [
        'an announcement ending before it starts',
        AnnouncementPaths.opsList,
        announcementInput({ startsAt: future, endsAt: new Date().toISOString() }),
        'body.endsAt',
      ],
      [
        'an announcement image with a javascript: address',
        AnnouncementPaths.opsList,
        announcementInput({ images: [{ url: 'javascript:alert(1)', sequence: 1 }] }),
        'body.images.0.url',
      ],
      [
        'announcement images with one sequence twice',
        AnnouncementPaths.opsList,
        announcementInput({
          images: [
            { url: '/a.svg', sequence: 1 },
            { url: '/b.svg', sequence: 1 },
          ],
        }),
        'body.images',
      ],
      [
        'a notice with an empty title',
        NoticePaths.opsList,
        { texts: [{ lang: 'EN', title: ' ' }] },
        'body.texts.0.title',
      ],
      [
        'a notice about no such announcement',
        NoticePaths.opsList,
        { texts: [{ lang: 'EN', title: 'n' }], announcementId: '999999' },
        'body.announcementId',
      ],
      [
        'a banner of an unknown group',
        BannerPaths.opsList,
        { group: 'w_nowhere', imageUrl: '/b.svg', texts: [{ lang: 'EN', alt: 'a' }] },
        'body.group',
      ],
      [
        'a banner linking outside over http',
        BannerPaths.opsList,
        {
          group: 'w_home',
          imageUrl: '/b.svg',
          texts: [{ lang: 'EN', alt: 'a' }],
          linkageType: 'EXTERNAL',
          linkageTarget: 'http://evil.example',
        },
        'body.linkageTarget',
      ],
      [
        'a banner linking to a javascript: address',
        BannerPaths.opsList,
        {
          group: 'w_home',
          imageUrl: '/b.svg',
          texts: [{ lang: 'EN', alt: 'a' }],
          linkageType: 'PAGE',
          linkageTarget: 'javascript:alert(1)',
        },
        'body.linkageTarget',
      ],
      [
        'a banner with a linkage type but no target',
        BannerPaths.opsList,
        { group: 'w_home', imageUrl: '/b.svg', texts: [{ lang: 'EN', alt: 'a' }], linkageType: 'GAME' },
        'body.linkageTarget',
      ],
      [
        'a banner image over http',
        BannerPaths.opsList,
        { group: 'w_home', imageUrl: 'http://img.example/b.png', texts: [{ lang: 'EN', alt: 'a' }] },
        'body.imageUrl',
      ],
      [
        'a banner without alt text',
        BannerPaths.opsList,
        { group: 'w_home', imageUrl: '/b.svg', texts: [{ lang: 'EN', alt: '' }] },
        'body.texts.0.alt',
      ],
    ];
    it.each(cases)('when %s is sent, then 400 names it', async (_what, url, payload, field) => {
      const before = await rows();
      const answer = await app.inject({ method: 'POST', url, headers: opsHeaders, payload });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().value.issues.map((issue: { field: string }) => issue.field)).toContain(field);
      expect(await rows()).toEqual(before);
    });

    it('when an id is not numeric or unknown, then 400 or 404', async () => {
      const bad = await app.inject({
        method: 'POST',
        url: AnnouncementPaths.opsPublish.replace(':id', 'abc'),
        headers: opsHeaders,
      });
      expect(bad.statusCode).toBe(400);
      const unknown = await app.inject({
        method: 'POST',
        url: AnnouncementPaths.opsPublish.replace(':id', '987654'),
        headers: opsHeaders,
      });
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe('lifecycle, audit and pushed refresh', () => {
    it('when an announcement is created, published, updated and withdrawn, then each step is audited by its actor', async () => {
      const id = await createAnnouncement(app, announcementInput(), { publish: false });
      const step = (method: 'POST' | 'PUT', url: string, payload?: object) =>
        app.inject({ method, url: url.replace(':id', id), headers: opsHeaders, payload });
      expect((await step('POST', AnnouncementPaths.opsPublish)).statusCode).toBe(200);
      expect(
        (await step('PUT', AnnouncementPaths.opsItem, announcementInput({ type: 'H' }))).json().value,
      ).toMatchObject({ type: 'H', status: 'PUBLISHED' });
      expect((await step('POST', AnnouncementPaths.opsWithdraw)).json().value.status).toBe('WITHDRAWN');
      const trail = await database()
        .db.select({ action: auditLog.action, actor: auditLog.actor })
        .from(auditLog)
        .where(and(eq(auditLog.targetId, id), notInArray(auditLog.action, ACCESS_AUDIT_ACTIONS)));
      expect(
        trail.filter((entry) => entry.action.startsWith('announcement.')).map((entry) => entry.action),
      ).toEqual([
        'announcement.create',
        'announcement.publish',
        'announcement.update',
        'announcement.withdraw',
      ]);
      expect(new Set(trail.map((entry) => entry.actor))).toEqual(new Set(['ops-token']));
    });

    it('when publishing twice or withdrawing a draft, then 409 and no audit entry', async () => {
      const id = await createAnnouncement(app, announcementInput());
      const before = await rows();
      const again = await app.inject({
        method: 'POST',
        url: AnnouncementPaths.opsPublish.replace(':id', id),
        headers: opsHeaders,
      });
      expect(again.statusCode).toBe(409);
      const draft = await createAnnouncement(app, announcementInput(), { publish: false });
      const afterDraft = await rows();
      const withdraw = await app.inject({
        method: 'POST',
        url: AnnouncementPaths.opsWithdraw.replace(':id', draft),
        headers: opsHeaders,
      });
      expect(withdraw.statusCode).toBe(409);
      expect((await rows()).audit).toBe(afterDraft.audit);
      expect(afterDraft.audit).toBe((before.audit ?? 0) + 1);
    });

    it('when publishing or withdrawing, then open pages hear an announcements event; editing a draft tells nobody', async () => {
      heard.length = 0;
      const id = await createAnnouncement(app, announcementInput(), { publish: false });
      await app.inject({
        method: 'PUT',
        url: AnnouncementPaths.opsItem.replace(':id', id),
        headers: opsHeaders,
        payload: announcementInput(),
      });
      expect(heard).toEqual([]);
      await app.inject({
        method: 'POST',
        url: AnnouncementPaths.opsPublish.replace(':id', id),
        headers: opsHeaders,
      });
      await app.inject({
        method: 'POST',
        url: AnnouncementPaths.opsWithdraw.replace(':id', id),
        headers: opsHeaders,
      });
      expect(heard).toEqual([{ type: 'announcements' }, { type: 'announcements' }]);
    });
  });
});
