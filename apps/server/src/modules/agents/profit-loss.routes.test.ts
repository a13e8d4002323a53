import { AgentPaths } from '@fortuna/contracts/agent';
import { type ProfitLoss, ProfitLossResponseSchema } from '@fortuna/contracts/agent-reports';
import { TRIAL_MEMBER_TYPE } from '@fortuna/contracts/member-types';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { loggedInMember } from '../../test/wallet-fixtures.ts';
import { foldTeamRollups } from '../rollups/rollups.service.ts';
import { pendingDeltas } from '../rollups/team-rollups.test-helpers.ts';
import {
  agentLineActivity,
  aroundToday,
  recomputedProfitLoss,
  type Session,
} from './agent-line.test-helpers.ts';

describeEachDatabase('agent centre: the user-loss statement', (database) => {
  let app: FastifyInstance;
  /**
   * top (agent 1) ─┬─ a1 (member)
   *                ├─ quiet (member, no activity)
   *                ├─ sub (agent 2) ─┬─ b1 (member)
   *                │                 └─ b2 (member, a bonus only)
   *                └─ sub2 (agent 2, no play of its own) ── c1 (member)
   * other (agent 1) ── x1 (member)
   */
  let top: Session;
  let a1: Session;
  let sub: Session;
  let b1: Session;
  let b2: Session;
  let sub2: Session;
  let c1: Session;
  let other: Session;
  let x1: Session;
  const db = () => database().db;
  const get = (url: string, session: Session | undefined) =>
    app.inject({ method: 'GET', url, headers: session?.headers ?? {} });
  async function statement(session: Session, query = ''): Promise<ProfitLoss> {
    const answer = await get(`${AgentPaths.profitLossReport}?${aroundToday()}${query}`, session);
    expect(answer.statusCode, answer.body).toBe(200);
    return ProfitLossResponseSchema.parse(answer.json()).value as ProfitLoss;
  }
  const recomputed = (sessions: Session[], value: ProfitLoss) =>
    recomputedProfitLoss(
      db(),
      sessions.map((session) => session.member.id),
      new Date(value.period.from),
      new Date(value.period.to),
    );

  beforeAll(async () => {
    app = await buildTestApp(database());
    top = await loggedInMember(db(), { type: 1 });
    a1 = await loggedInMember(db(), { uplineId: top.member.id });
    await loggedInMember(db(), { uplineId: top.member.id });
    sub = await loggedInMember(db(), { type: 2, uplineId: top.member.id });
    b1 = await loggedInMember(db(), { uplineId: sub.member.id });
    b2 = await loggedInMember(db(), { uplineId: sub.member.id });
    sub2 = await loggedInMember(db(), { type: 2, uplineId: top.member.id });
    c1 = await loggedInMember(db(), { uplineId: sub2.member.id });
    other = await loggedInMember(db(), { type: 1 });
    x1 = await loggedInMember(db(), { uplineId: other.member.id });
    const line = await agentLineActivity(app, db());
    for (const session of [a1, sub, b1, c1, x1, top])
      await line.credit(session.member.id, 100_000n, 'DEPOSIT');
    await line.play(a1, 1_000, 2_500);
    await line.play(a1, 700, 0);
    await line.play(a1, 800, 'open');
    await line.play(b1, 300, 100);
    await line.play(b1, 2_000, 'open');
    await line.play(sub, 400, 0);
    await line.play(c1, 600, 1_000);
    await line.play(x1, 5_000, 9_000);
    await line.play(top, 900, 0);
    await line.credit(b1.member.id, 1_500n, 'BONUS');
    await line.credit(b2.member.id, 250n, 'BONUS');
    await line.credit(top.member.id, 4_000n, 'BONUS');
  });
  afterAll(() => app.close());

  it('when a visitor, a member or a trial account asks, then 401, 403 and 403 before anything is read', async () => {
    const trial = await loggedInMember(db(), { type: TRIAL_MEMBER_TYPE });
    const url = `${AgentPaths.profitLossReport}?${aroundToday()}`;
    expect((await get(url, undefined)).statusCode).toBe(401);
    expect((await get(url, a1)).json().code).toBe('FORBIDDEN');
    expect((await get(url, trial)).statusCode).toBe(403);
  });

  it('when an agent reads its direct downlines, then each with activity shows its own figures, an agent its team’s too, all equal to the raw records', async () => {
    const value = await statement(top);
    expect(value.items.map((item) => item.username)).toEqual(
      [a1, sub, sub2].map((session) => session.member.username).sort(),
    );
    const a1Line = value.items.find((item) => item.id === String(a1.member.id));
    expect(a1Line).toMatchObject({ level: 1, isAgent: false, type: 0, team: null });
    expect(a1Line?.own).toEqual(await recomputed([a1], value));
    expect(a1Line?.own.bets).toMatchObject({ rounds: 2, stakeMinor: '1700', profitMinor: '800' });
    const subLine = value.items.find((item) => item.id === String(sub.member.id));
    expect(subLine).toMatchObject({ level: 1, isAgent: true, type: 2 });
    expect(subLine?.own).toEqual(await recomputed([sub], value));
    expect(subLine?.team).toEqual(await recomputed([sub, b1, b2], value));
    expect(subLine?.team).toMatchObject({ bets: { rounds: 2, profitMinor: '-600' }, bonusMinor: '1750' });
    // The whole line; never the agent itself nor another agent's line.
    // An agent with no play of its own is listed for its team's.
    const quietAgent = value.items.find((item) => item.id === String(sub2.member.id));
    expect(quietAgent?.own).toEqual(await recomputed([], value));
    expect(quietAgent?.team).toEqual(await recomputed([sub2, c1], value));
    expect(quietAgent?.team?.bets).toMatchObject({ rounds: 1, profitMinor: '400' });
    expect(value.totals).toEqual(await recomputed([a1, sub, b1, b2, sub2, c1], value));
    expect(value.total).toBe(3);
  });

  it('when the line’s pending deltas are folded into the team rollups, then every level reads the same', async () => {
    const levels = ['', '&level=2'];
    const before = await Promise.all(levels.map((level) => statement(top, level)));
    expect(before[0]?.items.some((item) => item.team && item.team.bets.rounds > 0)).toBe(true);
    await foldTeamRollups(db());
    expect(await pendingDeltas(db())).toBe(0);
    expect(await Promise.all(levels.map((level) => statement(top, level)))).toEqual(before);
  });

  it('when a deeper level is asked, then that level’s members show with their own figures', async () => {
    const value = await statement(top, '&level=2');
    expect(value.items.map((item) => [item.username, item.level, item.team])).toEqual(
      [b1, b2, c1].map((session) => [session.member.username, 2, null]).sort(),
    );
    expect(value.items.find((item) => item.id === String(b2.member.id))?.own).toEqual(
      await recomputed([b2], value),
    );
    expect(value.totals).toEqual(await recomputed([a1, sub, b1, b2, sub2, c1], value));
    expect((await statement(top, '&level=3')).items).toEqual([]);
  });

  it('when a sub-agent or another agent reads, then only its own line shows', async () => {
    const mine = await statement(sub);
    expect(mine.items.map((item) => item.username)).toEqual([b1, b2].map((s) => s.member.username).sort());
    expect(mine.totals).toEqual(await recomputed([b1, b2], mine));
    const theirs = await statement(other);
    expect(theirs.items.map((item) => item.username)).toEqual([x1.member.username]);
    expect(theirs.totals).toEqual(await recomputed([x1], theirs));
  });

  it('when a username start, a page or an empty period is asked, then the list narrows and the totals stay the whole line’s', async () => {
    const whole = await statement(top);
    const named = await statement(top, `&username=${sub.member.username.toUpperCase()}`);
    expect(named.items.map((item) => item.username)).toEqual([sub.member.username]);
    expect(named.totals).toEqual(whole.totals);
    expect((await statement(top, `&username=${x1.member.username}`)).items).toEqual([]);
    expect((await statement(top, '&username=%25')).items).toEqual([]);
    const second = await statement(top, '&pageSize=1&page=2');
    expect(second).toMatchObject({ page: 2, pageSize: 1, total: 3 });
    expect(second.items.map((item) => item.username)).toEqual([whole.items[1]?.username]);
    expect(await statement(top, '&pageSize=1&page=9')).toMatchObject({ items: [], total: 3 });
    const before = (await get(`${AgentPaths.profitLossReport}?from=2020-01-01&to=2020-01-31`, top)).json()
      .value;
    expect(before).toMatchObject({
      items: [],
      total: 0,
      totals: { bets: { rounds: 0, stakeMinor: '0', profitMinor: '0' }, bonusMinor: '0' },
    });
  });

  it.each([
    ['to before from', 'from=2026-02-02&to=2026-02-01', 'query.to'],
    ['a period over 92 days', 'from=2026-01-01&to=2026-06-30', 'query.to'],
    ['a malformed date', 'from=2026-02-30x&to=2026-03-01', 'query.from'],
    ['no from', 'to=2026-03-01', 'query.from'],
    ['level 0', 'from=2026-03-01&to=2026-03-01&level=0', 'query.level'],
    ['a level in words', 'from=2026-03-01&to=2026-03-01&level=two', 'query.level'],
    ['a level past the deepest', 'from=2026-03-01&to=2026-03-01&level=101', 'query.level'],
    ['a NUL in the username', 'from=2026-03-01&to=2026-03-01&username=a%00b', 'query.username'],
    [
      'a username given twice (a list)',
      'from=2026-03-01&to=2026-03-01&username=a&username=b',
      'query.username',
    ],
    [
      'a username over 16 letters',
      `from=2026-03-01&to=2026-03-01&username=${'a'.repeat(17)}`,
      'query.username',
    ],
    ['a huge page size', 'from=2026-03-01&to=2026-03-01&pageSize=100000', 'query.pageSize'],
    ['page 0', 'from=2026-03-01&to=2026-03-01&page=0', 'query.page'],
  ])('when the statement is asked with %s, then 400 names the field', async (_case, query, field) => {
    const answer = await get(`${AgentPaths.profitLossReport}?${query}`, top);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().value.issues.map((issue: { field: string }) => issue.field)).toContain(field);
  });
});
