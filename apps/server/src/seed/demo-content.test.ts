import { AnnouncementListResponseSchema, AnnouncementPaths } from '@fortuna/contracts/announcements';
import {
  BannerListResponseSchema,
  BannerPaths,
  NoticeListResponseSchema,
  NoticePaths,
} from '@fortuna/contracts/home-content';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { seedDemoContent } from './demo-content.ts';

describeEachDatabase('demo content seed', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    expect(await seedDemoContent(database().db)).toBe(true);
    app = await buildTestApp(database());
  });
  afterAll(() => app.close());

  it('when seeded twice, then the second run adds nothing', async () => {
    expect(await seedDemoContent(database().db)).toBe(false);
  });

  it("when a visitor opens the lobby in TY, then ten announcements over two pages (not the members' popup), notices and home banners are there in TY", async () => {
    const first = AnnouncementListResponseSchema.parse(
      (await app.inject({ url: AnnouncementPaths.list, query: { lang: 'TY' } })).json(),
    ).value;
    expect(first).toMatchObject({ total: 10, totalPages: 2 });
    expect(first?.list).toHaveLength(9);
    expect(first?.list.every((item) => item.lang === 'TY')).toBe(true);
    const notices = NoticeListResponseSchema.parse(
      (await app.inject({ url: NoticePaths.list, query: { lang: 'TY' } })).json(),
    );
    expect(notices.value).toHaveLength(3);
    const banners = BannerListResponseSchema.parse(
      (await app.inject({ url: BannerPaths.list, query: { lang: 'EN', group: 'w_home' } })).json(),
    );
    expect(banners.value?.map((banner) => banner.imageUrl)).toEqual([
      '/banners/welcome.svg',
      '/banners/reload.svg',
      '/banners/live.svg',
    ]);
  });
});
