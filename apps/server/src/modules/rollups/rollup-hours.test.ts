import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Database } from '../../platform/db/database.ts';
import { describeEachDatabase } from '../../test/databases.ts';

const rowsOf = async <T>(db: Database, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** Instants around hour and day ends, to be read against every offset and grace below. */
const instants = [
  '2026-03-01T00:00:00Z',
  '2026-03-01T00:09:59Z',
  '2026-03-01T00:10:00Z',
  '2026-03-01T15:59:59.999Z',
  '2026-03-01T16:00:00Z',
  '2026-03-01T18:29:00Z',
  '2026-03-01T18:31:00Z',
];

describeEachDatabase('the rollups’ site-time hour and day (ADR 030, ADR 047)', (database) => {
  it('when a round settles and is written at any instants, then its hour is the site hour it settled in, or the earliest still open when written after the grace', async () => {
    const { db } = database();
    const [kept] = await rowsOf<{ offset: string; grace: number }>(
      db,
      sql`select (select gmt_offset from site_settings where id = 1) as offset,
                 (select grace_minutes from rollup_settings where id = 1) as grace`,
    );
    try {
      for (const [offset, grace] of [
        ['+08:00', 10],
        ['-05:30', 0],
        ['+00:00', 45],
      ] as const) {
        await db.execute(sql`update site_settings set gmt_offset = ${offset} where id = 1`);
        await db.execute(sql`update rollup_settings set grace_minutes = ${grace} where id = 1`);
        for (const settled of instants)
          for (const written of instants) {
            if (written < settled) continue;
            const [row] = await rowsOf<{ hour: Date; expected: Date; day: string; expectedDay: string }>(
              db,
              sql`select rollup_counting_hour(${settled}::timestamptz, ${written}::timestamptz) as hour,
                         greatest(date_trunc('hour', ${settled}::timestamptz + ${offset}::interval) - ${offset}::interval,
                                  date_trunc('hour', ${written}::timestamptz - make_interval(mins => ${grace}) + ${offset}::interval)
                                    - ${offset}::interval) as expected,
                         rollup_site_day(${settled}::timestamptz)::text as day,
                         ((${settled}::timestamptz at time zone 'UTC') + ${offset}::interval)::date::text as "expectedDay"`,
            );
            const at = `${offset}, grace ${grace}, settled ${settled}, written ${written}`;
            expect(new Date(row?.hour ?? 0).toISOString(), at).toBe(
              new Date(row?.expected ?? 1).toISOString(),
            );
            expect(row?.day, at).toBe(row?.expectedDay);
          }
      }
    } finally {
      await db.execute(sql`update site_settings set gmt_offset = ${kept?.offset} where id = 1`);
      await db.execute(sql`update rollup_settings set grace_minutes = ${kept?.grace} where id = 1`);
    }
  });

  it('when the rollup triggers read the site hour, then they call PL/pgSQL, whose plan the session keeps: a SQL function reading the settings is planned again at every call (the rollups cost the round path about three times as much)', async () => {
    const { db } = database();
    const languages = await rowsOf<{ name: string; language: string }>(
      db,
      sql`select p.proname as name, l.lanname as language from pg_proc p join pg_language l on l.oid = p.prolang
           where p.proname in ('rollup_counting_hour', 'rollup_site_day') order by 1`,
    );
    expect(languages).toEqual([
      { name: 'rollup_counting_hour', language: 'plpgsql' },
      { name: 'rollup_site_day', language: 'plpgsql' },
    ]);
  });
});
