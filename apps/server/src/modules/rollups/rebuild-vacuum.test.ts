import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeOnPostgres } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { move, posting, testLedger } from '../ledger/ledger.test-helpers.ts';
import { checkActiveDays, checkTeamRollups, foldTeamRollups, rebuildRollups } from './rollups.service.ts';

describeOnPostgres('the rollups rebuild (ops:rebuild-rollups)', (database) => {
  it('when the rollups are rebuilt, then what it rewrote is vacuumed and analysed: no dead rows left for a report to scan', async () => {
    const { db } = database();
    const ledger = testLedger(db);
    const member = await createMember(db, { uplineId: (await createMember(db, { type: 1 })).id });
    const main = (await ledger.mainAccountOf(member.id)).id;
    const house = (await ledger.systemAccount('HOUSE')).id;
    for (let n = 0; n < 3; n += 1) await ledger.post(posting(move(house, main, 100n), { type: 'DEPOSIT' }));
    await foldTeamRollups(db);
    const started = new Date();
    const steps: string[] = [];
    await rebuildRollups(db, (line) => steps.push(line));
    expect(steps.at(-1)).toMatch(/^vacuumed and analysed /);
    const stats = (
      (await db.execute(
        sql`select relname, n_dead_tup::int as dead, last_vacuum, last_analyze from pg_stat_user_tables
             where relname in ('team_rollups', 'member_money_rollups', 'team_rollup_deltas', 'team_active_days')
             order by relname`,
      )) as unknown as {
        rows: { relname: string; dead: number; last_vacuum: Date | null; last_analyze: Date | null }[];
      }
    ).rows;
    expect(stats).toHaveLength(4);
    for (const table of stats) {
      expect(table.dead, table.relname).toBe(0);
      expect(new Date(table.last_vacuum ?? 0).getTime(), table.relname).toBeGreaterThanOrEqual(
        started.getTime() - 1_000,
      );
      expect(new Date(table.last_analyze ?? 0).getTime(), table.relname).toBeGreaterThanOrEqual(
        started.getTime() - 1_000,
      );
    }
    expect(await checkTeamRollups(db)).toMatchObject({ ok: true });
    expect(await checkActiveDays(db)).toMatchObject({ ok: true });
  });
});
