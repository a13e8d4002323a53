import { AGENT_MEMBER_TYPES } from '@fortuna/contracts/member-types';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { seededRandom } from '../../platform/seeded-random.ts';
import { seedDemoMembers } from '../../seed/demo-members.ts';
import { seedDemoLine } from '../../seed/wallet-settings.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createMember, memberByUsername } from '../../test/identity-fixtures.ts';
import {
  directDownlineIds,
  isInLine,
  levelBelow,
  lineCounts,
  lineMembers,
  moveMember,
  placeUnder,
  uplinesOf,
} from './line.service.ts';
import {
  closureFromUplines,
  closureOf,
  insertMembersInOneStatement,
  uplinesInDatabase,
} from './line.test-helpers.ts';

const AGENT = AGENT_MEMBER_TYPES[0];

describeEachDatabase('the line', (database) => {
  const db = () => database().db;
  // top ─┬─ sub ─┬─ p1
  //      │       └─ p2
  //      └─ other ── p3
  let top: bigint;
  let sub: bigint;
  let other: bigint;
  let p1: bigint;
  let p2: bigint;
  let p3: bigint;
  beforeAll(async () => {
    top = (await createMember(db(), { type: AGENT })).id;
    sub = (await createMember(db(), { type: AGENT, uplineId: top })).id;
    other = (await createMember(db(), { type: AGENT, uplineId: top })).id;
    p1 = (await createMember(db(), { uplineId: sub })).id;
    p2 = (await createMember(db(), { uplineId: sub })).id;
    p3 = (await createMember(db(), { uplineId: other })).id;
  });

  it('when members join under agents, then each is in the line of every upline above it, at its level', async () => {
    expect(await levelBelow(db(), top, sub)).toBe(1);
    expect(await levelBelow(db(), top, p1)).toBe(2);
    expect(await levelBelow(db(), sub, p1)).toBe(1);
    expect(await isInLine(db(), top, p3)).toBe(true);
    expect(await uplinesOf(db(), p1)).toEqual([
      { id: sub, level: 1 },
      { id: top, level: 2 },
    ]);
    expect(await lineCounts(db(), top)).toEqual({
      direct: 2,
      all: 5,
      byLevel: [
        { level: 1, members: 2 },
        { level: 2, members: 3 },
      ],
    });
    expect(await directDownlineIds(db(), top)).toEqual([sub, other].sort((a, b) => Number(a - b)));
  });

  it("when a sub-agent looks, then it never sees its upline's other branches, its upline, or itself", async () => {
    expect(await isInLine(db(), sub, p3)).toBe(false);
    expect(await isInLine(db(), sub, other)).toBe(false);
    expect(await isInLine(db(), sub, top)).toBe(false);
    expect(await isInLine(db(), sub, sub)).toBe(false);
    expect(await levelBelow(db(), sub, p3)).toBeUndefined();
    const line = await lineMembers(db(), sub);
    expect(line.map((entry) => entry.memberId).sort()).toEqual([p1, p2].sort());
    expect(await lineCounts(db(), p1)).toEqual({ direct: 0, all: 0, byLevel: [] });
  });

  it('when the line is read page by page, then every member comes once, by level then id', async () => {
    const pages: bigint[] = [];
    let after: Awaited<ReturnType<typeof lineMembers>>[number] | undefined;
    for (;;) {
      const page = await lineMembers(db(), top, { after, limit: 2 });
      if (page.length === 0) break;
      pages.push(...page.map((entry) => entry.memberId));
      after = page.at(-1);
    }
    const expected = [
      ...[sub, other].sort((a, b) => Number(a - b)),
      ...[p1, p2, p3].sort((a, b) => Number(a - b)),
    ];
    expect(pages).toEqual(expected);
    expect((await lineMembers(db(), top, { level: 2 })).map((entry) => entry.memberId)).toEqual(
      [p1, p2, p3].sort((a, b) => Number(a - b)),
    );
  });

  it('when a branch of 150 levels is inserted in one statement, then each member knows all its uplines at their distance', async () => {
    const root = (await createMember(db(), { type: AGENT })).id;
    const uplines = Array.from({ length: 150 }, (_, n) => (n === 0 ? { id: root } : { index: n - 1 }));
    const chain = await insertMembersInOneStatement(db(), uplines, AGENT);
    const bottom = chain.at(-1) as bigint;
    expect(await levelBelow(db(), root, bottom)).toBe(150);
    expect(await levelBelow(db(), chain[0] as bigint, bottom)).toBe(149);
    expect((await uplinesOf(db(), bottom)).length).toBe(150);
    const counts = await lineCounts(db(), root);
    expect(counts.all).toBe(150);
    expect(counts.byLevel.every((level) => level.members === 1)).toBe(true);
    const map = await uplinesInDatabase(db(), [root, ...chain]);
    expect(await closureOf(db(), [root, ...chain])).toEqual(closureFromUplines(map, [root, ...chain]));
  });

  it('when a sub-agent moves to another agent, then its whole branch follows and the old line no longer holds it', async () => {
    const a = (await createMember(db(), { type: AGENT })).id;
    const b = (await createMember(db(), { type: AGENT })).id;
    const mid = (await createMember(db(), { type: AGENT, uplineId: a })).id;
    const [leaf1, leaf2] = await insertMembersInOneStatement(db(), [{ id: mid }, { index: 0 }]);
    const moved = await moveMember(db(), mid, b);
    expect(moved).toEqual({ memberId: mid, fromUplineId: a, toUplineId: b, branchSize: 3 });
    expect(await isInLine(db(), a, leaf2 as bigint)).toBe(false);
    expect(await lineCounts(db(), a)).toEqual({ direct: 0, all: 0, byLevel: [] });
    expect(await levelBelow(db(), b, leaf2 as bigint)).toBe(3);
    expect(await levelBelow(db(), mid, leaf2 as bigint)).toBe(2);
    expect((await memberByUsername(db(), (await usernameOf(mid)) as string))?.uplineId).toBe(b);
    const all = [a, b, mid, leaf1 as bigint, leaf2 as bigint];
    expect(await closureOf(db(), all)).toEqual(closureFromUplines(await uplinesInDatabase(db(), all), all));
  });

  async function usernameOf(id: bigint): Promise<string | undefined> {
    const result = (await db().execute(sql`select username from members where id = ${id}`)) as unknown as {
      rows: { username: string }[];
    };
    return result.rows[0]?.username;
  }

  it('when a member would move under its own line or itself, then it is refused and nothing moves', async () => {
    const a = (await createMember(db(), { type: AGENT })).id;
    const [mid, low] = await insertMembersInOneStatement(db(), [{ id: a }, { index: 0 }], AGENT);
    const before = await closureOf(db(), [a, mid as bigint, low as bigint]);
    await expect(moveMember(db(), a, low as bigint)).rejects.toMatchObject({
      code: 'CONFLICT',
      issues: [{ field: 'body.uplineId' }],
    });
    await expect(moveMember(db(), a, a)).rejects.toMatchObject({ code: 'CONFLICT' });
    // Written straight to the table, the database refuses it too.
    await expect(db().execute(sql`update members set upline_id = ${low} where id = ${a}`)).rejects.toThrow();
    expect(await closureOf(db(), [a, mid as bigint, low as bigint])).toEqual(before);
  });

  it('when the new upline is unknown, no agent, inactive, or the member a trial, then the move is refused with the field named', async () => {
    const member = (await createMember(db())).id;
    const player = (await createMember(db())).id;
    const disabled = (await createMember(db(), { type: AGENT, status: 'DISABLED' })).id;
    const trial = (await createMember(db(), { type: 4 })).id;
    const agent = (await createMember(db(), { type: AGENT })).id;
    const refusals: [bigint, bigint, string, string][] = [
      [member, 9_000_000_000n, 'NOT_FOUND', 'body.uplineId'],
      [9_000_000_000n, agent, 'NOT_FOUND', 'body.memberId'],
      [member, player, 'VALIDATION_FAILED', 'body.uplineId'],
      [member, disabled, 'VALIDATION_FAILED', 'body.uplineId'],
      [trial, agent, 'VALIDATION_FAILED', 'body.memberId'],
    ];
    for (const [moving, upline, code, field] of refusals)
      await expect(moveMember(db(), moving, upline)).rejects.toMatchObject({ code, issues: [{ field }] });
    expect(await uplinesOf(db(), member)).toEqual([]);
  });

  it('when a member without an upline is placed under an agent, then it joins the line; placing one that has an upline is refused', async () => {
    const agent = (await createMember(db(), { type: AGENT })).id;
    const fresh = (await createMember(db())).id;
    await placeUnder(db(), fresh, agent);
    expect(await levelBelow(db(), agent, fresh)).toBe(1);
    await placeUnder(db(), fresh, agent); // the same placement again changes nothing
    const another = (await createMember(db(), { type: AGENT })).id;
    await expect(placeUnder(db(), fresh, another)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await isInLine(db(), another, fresh)).toBe(false);
  });

  it('when members are moved at random, then the closure always equals the one the uplines imply', async () => {
    const random = seededRandom(29);
    const ids: bigint[] = [];
    for (let n = 0; n < 40; n += 1) {
      const uplines = ids.length === 0 || random.chance(0.1) ? [null] : [{ id: random.pick(ids) }];
      ids.push(...(await insertMembersInOneStatement(db(), uplines, AGENT)));
    }
    for (let step = 0; step < 40; step += 1) {
      const member = random.pick(ids);
      const target = random.chance(0.1) ? null : random.pick(ids);
      await moveMember(db(), member, target).catch((error: { code?: string }) => {
        if (error.code !== 'CONFLICT') throw error; // a move into its own branch is refused, as it must be
      });
      if (step % 10 === 9)
        expect(await closureOf(db(), ids)).toEqual(
          closureFromUplines(await uplinesInDatabase(db(), ids), ids),
        );
    }
  });

  it('when the demo data is seeded, then demo01 is in agent01’s line', async () => {
    await seedDemoMembers(db());
    await seedDemoLine(db());
    const agent = await memberByUsername(db(), 'agent01');
    const demo = await memberByUsername(db(), 'demo01');
    if (!agent || !demo) throw new Error('demo members missing');
    expect(await levelBelow(db(), agent.id, demo.id)).toBe(1);
  });
});
