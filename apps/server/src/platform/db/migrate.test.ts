import { describe, expect, it } from 'vitest';
import { siteSettings } from '../../modules/system/system.schema.ts';
import { createPostgresDatabase } from '../../test/databases.ts';
import { openPostgres } from './database.ts';

const describeOnPostgres =
  process.env.TEST_DATABASE_URL || process.env.CI === 'true' ? describe : describe.skip;

describeOnPostgres('start-up migrations on PostgreSQL', () => {
  it('when two nodes start together on an empty database, then both migrate without colliding', async () => {
    const database = await createPostgresDatabase();
    const [nodeA, nodeB] = await Promise.all([openPostgres(database.url), openPostgres(database.url)]);
    try {
      await Promise.all([nodeA.migrate(), nodeB.migrate()]);
      // The schema exists once: reading a migrated table works and holds nothing yet.
      expect(await nodeA.db.select().from(siteSettings)).toEqual([]);
    } finally {
      await Promise.all([nodeA.close(), nodeB.close()]);
      await database.drop();
    }
  });
});
