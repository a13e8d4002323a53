import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../platform/db/database.ts';
import { seededRandom } from '../../platform/seeded-random.ts';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { moveMember, uplinesOf } from '../line/line.service.ts';
import {
  activeMembersOfDays,
  checkActiveDays,
  foldTeamRollups,
  moveTeamHistory,
  rebuildActiveDays,
} from './rollups.service.ts';
import { lineFromUplines } from './team-rollups.test-helpers.ts';

const rowsOf = async <T>(db: Database, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

const DAY_MS = 86_400_000;
/** The site day `n` days after 2026-01-01. */
const dayAt = (n: number) => new Date(Date.parse('2026-01-01') + n * DAY_MS).toISOString().slice(0, 10);

describeEachDatabase('team active members (ADR 041)', (database) => {
  let app: FastifyInstance;
  let db: Database;
  beforeAll(async () => {
    app = await buildTestApp(database());
    db = database().db;
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Noon of the site day: inside it whatever the site's offset. */
  const hourOf = async (day: string) =>
    (
      await rowsOf<{ hour: string }>(
        db,
        sql`select ((${day}::date + time '12:00') - coalesce((select gmt_offset::interval from site_settings where id = 1), interval '0'))::text || '+00' as hour`,
      )
    )[0]?.hour as string;

  /** Adds `rounds` (negative: a rollback) to a member's round rollup row of `day`, as the round trigger does. */
  const play = async (memberId: bigint, day: string, rounds = 1, vendor = 'v1') =>
    db.execute(
      sql`insert into member_round_rollups as r (member_id, hour_start, category, vendor_code, bet_count)
          values (${memberId}, ${await hourOf(day)}::timestamptz, 'SLOT', ${vendor}, ${rounds})
          on conflict (member_id, hour_start, category, vendor_code) do update set bet_count = r.bet_count + excluded.bet_count`,
    );

  /** Members of the agent's line with a round on a site day in [from, to], from the round rollups. */
  const exactActive = async (agentId: bigint, fromDay: string, toDay: string) =>
    (
      await rowsOf<{ n: number }>(
        db,
        sql`select count(distinct r.member_id)::int as n
              from member_round_rollups r join line_closure c on c.member_id = r.member_id and c.ancestor_id = ${agentId} and c.depth >= 1
             where r.bet_count > 0 and rollup_site_day(r.hour_start) between ${fromDay}::date and ${toDay}::date`,
      )
    )[0]?.n;

  const active = (agentId: bigint, fromDay: string, toDay: string) =>
    activeMembersOfDays(db, { agentId, fromDay, toDay });

  const moveBranch = (memberId: bigint, to: bigint) =>
    db.transaction(async (tx) => {
      const fromUplines = (await uplinesOf(tx, memberId)).map((upline) => upline.id);
      await moveMember(tx, memberId, to);
      const toUplines = (await uplinesOf(tx, memberId)).map((upline) => upline.id);
      await moveTeamHistory(tx, { rootId: memberId, fromUplines, toUplines });
    });

  it('when random members play, roll back and lose rows on random days over 200 days, with folds and branch moves between, then every agent’s active members of every period equal the distinct members of its line’s round rollups, before and after the last fold', async () => {
    const random = seededRandom(41);
    const agents = [(await createMember(db, { type: 1 })).id, (await createMember(db, { type: 1 })).id];
    const everyone: bigint[] = [];
    for (let n = 0; n < 12; n += 1) {
      const isAgent = random.chance(0.4);
      const member = await createMember(db, { type: isAgent ? 2 : 0, uplineId: random.pick(agents) });
      if (isAgent) agents.push(member.id);
      everyone.push(member.id);
    }
    for (let step = 0; step < 160; step += 1) {
      const memberId = random.pick(everyone);
      const action = random.int(0, 9);
      if (action < 6) {
        await play(memberId, dayAt(random.int(0, 200)), random.int(1, 3), random.pick(['v1', 'v2']));
      } else if (action === 6) {
        // A rollback: a row loses all its rounds, the day may stop being active.
        await db.execute(
          sql`update member_round_rollups set bet_count = 0
               where (member_id, hour_start, category, vendor_code) in
                     (select member_id, hour_start, category, vendor_code from member_round_rollups
                       where member_id = ${memberId} and bet_count > 0 order by hour_start limit 1 offset ${random.int(0, 3)})`,
        );
      } else if (action === 7) {
        await db.execute(
          sql`delete from member_round_rollups
               where (member_id, hour_start) in (select member_id, hour_start from member_round_rollups
                                                  where member_id = ${memberId} order by hour_start desc limit 1)`,
        );
      } else if (action === 8) {
        await foldTeamRollups(db, random.int(1, 9));
      } else {
        const branch = new Set([memberId, ...(await lineFromUplines(db, memberId))]);
        await moveBranch(memberId, random.pick(agents.filter((id) => !branch.has(id))));
      }
    }
    for (const pass of ['with deltas pending', 'all folded']) {
      for (const agentId of agents) {
        for (let range = 0; range < 8; range += 1) {
          const from = random.int(0, 200);
          const fromDay = dayAt(from);
          const toDay = dayAt(Math.min(200, from + random.int(0, 91)));
          expect(
            await active(agentId, fromDay, toDay),
            `agent ${agentId} ${fromDay}..${toDay}, ${pass}`,
          ).toBe(await exactActive(agentId, fromDay, toDay));
        }
      }
      expect(await checkActiveDays(db)).toMatchObject({ ok: true, differences: [] });
      await foldTeamRollups(db);
    }
    // Hundreds of calls on PGlite: seconds alone, longer beside other suites on a shared machine.
  }, 90_000);

  it('when a member is active on days 10, 12 and 14, then a period counts it once if it holds one of them, and a period starting on its next day after the previous one counts it too', async () => {
    const agent = await createMember(db, { type: 1 });
    const member = await createMember(db, { uplineId: agent.id });
    for (const day of [10, 12, 14]) await play(member.id, dayAt(day));
    await play(member.id, dayAt(12), 2, 'v2');
    for (const pass of ['pending', 'folded']) {
      expect(await active(agent.id, dayAt(10), dayAt(14)), pass).toBe(1);
      expect(await active(agent.id, dayAt(12), dayAt(12)), pass).toBe(1);
      expect(await active(agent.id, dayAt(11), dayAt(13)), pass).toBe(1);
      expect(await active(agent.id, dayAt(14), dayAt(20)), pass).toBe(1);
      expect(await active(agent.id, dayAt(13), dayAt(13)), pass).toBe(0);
      expect(await active(agent.id, dayAt(15), dayAt(30)), pass).toBe(0);
      await foldTeamRollups(db);
    }
  });

  it('when the only round of a day is rolled back, then the day stops counting and the next active day is paired with the one before', async () => {
    const agent = await createMember(db, { type: 1 });
    const member = await createMember(db, { uplineId: agent.id });
    for (const day of [20, 21, 22]) await play(member.id, dayAt(day));
    await foldTeamRollups(db);
    await play(member.id, dayAt(21), -1);
    for (const pass of ['pending', 'folded']) {
      expect(await active(agent.id, dayAt(21), dayAt(21)), pass).toBe(0);
      // Day 22's previous active day is 20 again: a period from 21 counts the member once.
      expect(await active(agent.id, dayAt(21), dayAt(22)), pass).toBe(1);
      await foldTeamRollups(db);
    }
    await play(member.id, dayAt(21));
    expect(await active(agent.id, dayAt(21), dayAt(22))).toBe(1);
    expect(await checkActiveDays(db)).toMatchObject({ ok: true });
  });

  it('when a previous active day lies more than 92 days back, then the pair keeps none (the rows per agent and day stay bounded), while 92 days back is kept', async () => {
    const agent = await createMember(db, { type: 1 });
    const far = await createMember(db, { uplineId: agent.id });
    const near = await createMember(db, { uplineId: agent.id });
    await play(far.id, dayAt(0));
    await play(far.id, dayAt(93));
    await play(near.id, dayAt(1));
    await play(near.id, dayAt(93));
    await foldTeamRollups(db);
    const pairs = await rowsOf<{ prev_day: string; pairs: number }>(
      db,
      sql`select prev_day::text, pairs from team_active_days where ancestor_id = ${agent.id} and day = ${dayAt(93)}::date order by prev_day`,
    );
    expect(pairs).toEqual([
      { prev_day: '-infinity', pairs: 1 },
      { prev_day: dayAt(1), pairs: 1 },
    ]);
    expect(await active(agent.id, dayAt(2), dayAt(93))).toBe(2);
    expect(await active(agent.id, dayAt(1), dayAt(92))).toBe(1);
  });

  it('when a branch moves with pair deltas pending, then its active members leave the old upline and join the new one, before and after the fold', async () => {
    const oldTop = await createMember(db, { type: 1 });
    const newTop = await createMember(db, { type: 1 });
    const sub = await createMember(db, { type: 2, uplineId: oldTop.id });
    const player = await createMember(db, { uplineId: sub.id });
    await play(player.id, dayAt(40));
    await foldTeamRollups(db);
    await play(sub.id, dayAt(41));
    await moveBranch(sub.id, newTop.id);
    for (const pass of ['pending', 'folded']) {
      expect(await active(oldTop.id, dayAt(40), dayAt(41)), pass).toBe(0);
      expect(await active(newTop.id, dayAt(40), dayAt(41)), pass).toBe(2);
      expect(await active(sub.id, dayAt(40), dayAt(41)), pass).toBe(1);
      await foldTeamRollups(db);
    }
    expect(await checkActiveDays(db)).toMatchObject({ ok: true });
  });

  it('when a member’s active day or an upline’s pairs are off, then the check names them, and the rebuild puts them right from the round rollups', async () => {
    const agent = await createMember(db, { type: 1 });
    const member = await createMember(db, { uplineId: agent.id });
    await play(member.id, dayAt(60));
    await foldTeamRollups(db);
    await db.execute(
      sql`update member_active_days set active_rows = active_rows + 1 where member_id = ${member.id}`,
    );
    await db.execute(sql`update team_active_days set pairs = pairs + 1 where ancestor_id = ${agent.id}`);
    const check = await checkActiveDays(db);
    expect(check.ok).toBe(false);
    expect(check.differences.join('\n')).toContain(`member ${member.id} day ${dayAt(60)}`);
    expect(check.differences.join('\n')).toContain(`upline ${agent.id} day ${dayAt(60)}`);
    await rebuildActiveDays(db);
    expect(await checkActiveDays(db)).toMatchObject({ ok: true, differences: [] });
    expect(await active(agent.id, dayAt(60), dayAt(60))).toBe(1);
    // The rebuild left the day trigger on: the next active day is queued for the fold.
    await play(member.id, dayAt(61));
    expect(await active(agent.id, dayAt(61), dayAt(61))).toBe(1);
  });
});
