import {
  type BannerInput,
  BannerListResponseSchema,
  BannerPaths,
  type NoticeInput,
  NoticeListResponseSchema,
  NoticePaths,
} from '@fortuna/contracts/home-content';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, opsHeaders } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { announcementInput, createAnnouncement } from './content.test-helpers.ts';

describeEachDatabase('home notices and banners', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database());
  });
  afterAll(() => app.close());

  async function createPublished(
    paths: typeof NoticePaths | typeof BannerPaths,
    payload: NoticeInput | BannerInput,
  ) {
    const created = await app.inject({ method: 'POST', url: paths.opsList, headers: opsHeaders, payload });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().value.id as string;
    const published = await app.inject({
      method: 'POST',
      url: paths.opsPublish.replace(':id', id),
      headers: opsHeaders,
    });
    expect(published.statusCode).toBe(200);
    return id;
  }

  it('when notices are published, then the marquee lists them in sequence, in the language asked for or EN', async () => {
    const announcementId = await createAnnouncement(app, announcementInput());
    await createPublished(NoticePaths, { texts: [{ lang: 'EN', title: 'Second' }], sequence: 2 });
    await createPublished(NoticePaths, {
      texts: [
        { lang: 'EN', title: 'First' },
        { lang: 'TY', title: 'Raek' },
      ],
      sequence: 1,
      announcementId,
    });
    await createPublished(NoticePaths, {
      texts: [{ lang: 'EN', title: 'Not yet' }],
      startsAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const answer = await app.inject({ method: 'GET', url: NoticePaths.list, query: { lang: 'TY' } });
    expect(NoticeListResponseSchema.parse(answer.json()).value).toEqual([
      { id: expect.any(String), title: 'Raek', announcementId },
      { id: expect.any(String), title: 'Second', announcementId: null },
    ]);
  });

  it('when banners are published in two groups, then each group lists its own in sequence with alt text and link', async () => {
    await createPublished(BannerPaths, {
      group: 'w_home',
      imageUrl: '/banners/b.svg',
      texts: [{ lang: 'EN', alt: 'Second banner' }],
      sequence: 2,
      linkageType: 'EXTERNAL',
      linkageTarget: 'https://fortuna.example/vip',
    });
    await createPublished(BannerPaths, {
      group: 'w_home',
      imageUrl: '/banners/a.svg',
      texts: [
        { lang: 'EN', alt: 'First banner', title: 'Welcome' },
        { lang: 'TY', alt: 'Pai raek', title: 'Yindee' },
      ],
      sequence: 1,
      linkageType: 'PAGE',
      linkageTarget: '/promotions',
    });
    await createPublished(BannerPaths, {
      group: 'w_login',
      imageUrl: '/banners/c.svg',
      texts: [{ lang: 'EN', alt: 'Login' }],
    });
    const home = await app.inject({
      method: 'GET',
      url: BannerPaths.list,
      query: { lang: 'TY', group: 'w_home' },
    });
    const listed = BannerListResponseSchema.parse(home.json()).value ?? [];
    expect(
      listed.map(({ alt, title, linkageType, linkageTarget }) => ({
        alt,
        title,
        linkageType,
        linkageTarget,
      })),
    ).toEqual([
      { alt: 'Pai raek', title: 'Yindee', linkageType: 'PAGE', linkageTarget: '/promotions' },
      {
        alt: 'Second banner',
        title: '',
        linkageType: 'EXTERNAL',
        linkageTarget: 'https://fortuna.example/vip',
      },
    ]);
    const login = await app.inject({
      method: 'GET',
      url: BannerPaths.list,
      query: { lang: 'EN', group: 'w_login' },
    });
    expect(BannerListResponseSchema.parse(login.json()).value?.map((banner) => banner.alt)).toEqual([
      'Login',
    ]);
  });

  it('when a banner group is unknown, then 400 names it', async () => {
    const answer = await app.inject({
      method: 'GET',
      url: BannerPaths.list,
      query: { lang: 'EN', group: 'w_x' },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().value.issues[0].field).toBe('query.group');
  });
});
