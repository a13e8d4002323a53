import { AnnouncementListResponseSchema, AnnouncementPaths } from '@fortuna/contracts/announcements';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { type DatabaseHandle, openPostgres } from '../../platform/db/database.ts';
import { createRedisBus, type EventBus } from '../../platform/events.ts';
import { seedDemoData } from '../../seed/seed.ts';
import { TEST_OPS_TOKEN } from '../../test/app.ts';
import { createPostgresDatabase } from '../../test/databases.ts';
import { testRedisSpace } from '../../test/redis.ts';
import { announcementInput, createAnnouncement } from './content.test-helpers.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const postgresUrl = process.env.TEST_DATABASE_URL;
const missing = [!postgresUrl && 'TEST_DATABASE_URL', !redisUrl && 'TEST_REDIS_URL'].filter(Boolean);
// In CI a missing server is a failure, not a skip.
const describeWithBoth = missing.length === 0 || process.env.CI === 'true' ? describe : describe.skip;

describeWithBoth(
  `announcements on two API nodes sharing PostgreSQL and Redis${missing.length ? ` [skipped: ${missing.join(' and ')} not set]` : ''}`,
  () => {
    let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
    const nodes: { app: FastifyInstance; handle: DatabaseHandle; bus: EventBus }[] = [];

    beforeAll(async () => {
      if (missing.length > 0) throw new Error(`CI needs ${missing.join(' and ')}`);
      database = await createPostgresDatabase();
      // Two nodes of one deployment: one Redis space.
      const space = testRedisSpace(redisUrl ?? '');
      for (let i = 0; i < 2; i++) {
        const handle = await openPostgres(database.url);
        if (i === 0) {
          await handle.migrate();
          await seedDemoData(handle.db);
        }
        const bus = await createRedisBus(space);
        const config = loadConfig({ OPS_TOKEN: TEST_OPS_TOKEN, WEB_DIST_DIR: '/nonexistent' });
        nodes.push({
          app: await buildApp({ config, database: handle, events: bus, logger: false }),
          handle,
          bus,
        });
      }
    });

    afterAll(async () => {
      for (const node of nodes) {
        await node.app.close();
        await node.bus.close();
        await node.handle.close();
      }
      await database?.drop();
    });

    it('when an operator publishes on one node, then the other node lists it without waiting for its timer', async () => {
      const [nodeA, nodeB] = nodes as [(typeof nodes)[0], (typeof nodes)[0]];
      const titlesOn = async (node: (typeof nodes)[0]) =>
        AnnouncementListResponseSchema.parse(
          (
            await node.app.inject({ method: 'GET', url: AnnouncementPaths.list, query: { lang: 'EN' } })
          ).json(),
        ).value?.list.map((item) => item.title);
      // Node B reads (and keeps) its snapshot before the change.
      expect(await titlesOn(nodeB)).toEqual([]);

      await createAnnouncement(
        nodeA.app,
        announcementInput({ texts: [{ lang: 'EN', title: 'Across', content: '' }] }),
      );

      expect(await titlesOn(nodeA)).toEqual(['Across']);
      await expect.poll(() => titlesOn(nodeB), { timeout: 5_000 }).toEqual(['Across']);
    });
  },
);
