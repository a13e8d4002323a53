import { AgentPaths } from '@fortuna/contracts/agent';
import {
  AgentOpsPaths,
  MoveMemberResponseSchema,
  OpsAgentListResponseSchema,
} from '@fortuna/contracts/agent-ops';
import { TRIAL_MEMBER_TYPE } from '@fortuna/contracts/member-types';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { readyOperator } from '../../test/operator-sessions.ts';
import { loggedInMember } from '../../test/wallet-fixtures.ts';
import { members } from '../identity/identity.schema.ts';
import { auditLog } from '../operators/operators.schema.ts';
import { checkTeamRollups, foldTeamRollups } from '../rollups/rollups.service.ts';
import { agentLineActivity, aroundToday, type Session } from './agent-line.test-helpers.ts';

type Headers = Record<string, string>;

describeEachDatabase(
  'operators and the agent centre: any agent’s line and reports, and moves',
  (database) => {
    let app: FastifyInstance;
    let admin: Headers;
    let finance: Headers;
    let support: Headers;
    /**
     * top (agent 1) ─┬─ a1 (member)
     *                └─ sub (agent 2) ── b1 (member)
     * other (agent 1) ── x1 (member)
     * small (agent 2), idle (agent 1, disabled), loner (member, no upline), trial
     */
    let top: Session;
    let a1: Session;
    let sub: Session;
    let b1: Session;
    let other: Session;
    let x1: Session;
    let small: Session;
    let idle: Session;
    let loner: Session;
    let trial: Session;
    const db = () => database().db;
    const path = (template: string, values: Record<string, bigint | string>) =>
      Object.entries(values).reduce((url, [name, value]) => url.replace(`:${name}`, String(value)), template);
    const get = (url: string, headers: Headers = {}) => app.inject({ method: 'GET', url, headers });
    const move = (memberId: bigint | string, payload: unknown, headers: Headers = admin) =>
      app.inject({
        method: 'POST',
        url: path(AgentOpsPaths.moveMember, { id: memberId }),
        headers,
        payload: payload as object,
      });
    const uplineOf = async (session: Session) =>
      (
        await db()
          .select({ uplineId: members.uplineId })
          .from(members)
          .where(eq(members.id, session.member.id))
      )[0]?.uplineId;
    const moves = async () =>
      (await db().select().from(auditLog).where(eq(auditLog.action, 'member.upline.move'))).length;

    beforeAll(async () => {
      app = await buildTestApp(database());
      [admin, finance, support] = [
        (await readyOperator(app, 'ADMIN')).headers,
        (await readyOperator(app, 'FINANCE')).headers,
        (await readyOperator(app, 'SUPPORT')).headers,
      ];
      top = await loggedInMember(db(), { type: 1 });
      a1 = await loggedInMember(db(), { uplineId: top.member.id });
      sub = await loggedInMember(db(), { type: 2, uplineId: top.member.id });
      b1 = await loggedInMember(db(), { uplineId: sub.member.id });
      other = await loggedInMember(db(), { type: 1 });
      x1 = await loggedInMember(db(), { uplineId: other.member.id });
      small = await loggedInMember(db(), { type: 2 });
      idle = await loggedInMember(db(), { type: 1, status: 'DISABLED' });
      loner = await loggedInMember(db());
      trial = await loggedInMember(db(), { type: TRIAL_MEMBER_TYPE });
      const line = await agentLineActivity(app, db());
      for (const session of [a1, sub, b1, x1]) await line.credit(session.member.id, 50_000n, 'DEPOSIT');
      await line.play(a1, 1_000, 2_500);
      await line.play(b1, 300, 100);
      await line.play(b1, 200, 'open');
      await line.play(x1, 5_000, 9_000);
      await line.credit(b1.member.id, 1_500n, 'BONUS');
    });
    afterAll(() => app.close());

    /** Each agent read at its operator path, and the same read as the agent makes it. */
    const reads = (agent: Session, downline: Session) => {
      const period = aroundToday();
      const at = (template: string, query = '') =>
        path(template, { agentId: agent.member.id, id: downline.member.id }) + query;
      return [
        [at(AgentOpsPaths.teamOverview, `?${period}`), `${AgentPaths.teamOverview}?${period}`],
        [at(AgentOpsPaths.downlines, '?pageSize=50'), `${AgentPaths.downlines}?pageSize=50`],
        [at(AgentOpsPaths.downline), path(AgentPaths.downline, { id: downline.member.id })],
        [
          at(AgentOpsPaths.betsReport, `?${period}&language=EN`),
          `${AgentPaths.betsReport}?${period}&language=EN`,
        ],
        [at(AgentOpsPaths.profitLossReport, `?${period}`), `${AgentPaths.profitLossReport}?${period}`],
        [at(AgentOpsPaths.incomeReport, `?${period}`), `${AgentPaths.incomeReport}?${period}`],
        [at(AgentOpsPaths.transactionsReport, `?${period}`), `${AgentPaths.transactionsReport}?${period}`],
      ] as const;
    };

    describe('reading any agent', () => {
      it('when an ADMIN, FINANCE or SUPPORT operator reads an agent, then every answer is the one the agent itself gets', async () => {
        for (const [opsUrl, agentUrl] of [...reads(top, b1), ...reads(other, x1)]) {
          const agent = opsUrl.includes(`/${top.member.id}/`) ? top : other;
          const own = await get(agentUrl, agent.headers);
          expect(own.statusCode, `${agentUrl} ${own.body}`).toBe(200);
          for (const headers of [admin, finance, support]) {
            const answer = await get(opsUrl, headers);
            expect(answer.statusCode, `${opsUrl} ${answer.body}`).toBe(200);
            expect(answer.json().value, opsUrl).toEqual(own.json().value);
          }
        }
      });

      it('when no operator, or a member’s session, asks, then 401 before anything is read', async () => {
        for (const [opsUrl] of reads(top, b1)) {
          expect((await get(opsUrl)).statusCode, opsUrl).toBe(401);
          expect((await get(opsUrl, top.headers)).statusCode, opsUrl).toBe(401);
        }
        expect((await get(AgentOpsPaths.agents)).statusCode).toBe(401);
      });

      it('when the id is no agent’s, or the downline is outside that agent’s line, then 404; a malformed id is 400', async () => {
        for (const agentId of [a1.member.id, trial.member.id, 9_223_372_036_854_775_807n]) {
          const answer = await get(path(AgentOpsPaths.downlines, { agentId }), support);
          expect(answer.statusCode, `${agentId}`).toBe(404);
          expect(answer.json().value.issues[0].field).toBe('params.agentId');
        }
        for (const [agent, downline] of [
          [top, x1],
          [sub, a1],
          [top, top],
        ] as const) {
          const answer = await get(
            path(AgentOpsPaths.downline, { agentId: agent.member.id, id: downline.member.id }),
            support,
          );
          expect(answer.statusCode).toBe(404);
        }
        for (const agentId of ['0', 'abc', '9223372036854775808', '1.5', '%00']) {
          const answer = await get(
            `${path(AgentOpsPaths.teamOverview, { agentId })}?${aroundToday()}`,
            support,
          );
          expect(answer.statusCode, agentId).toBe(400);
          expect(answer.json().value.issues[0].field).toBe('params.agentId');
        }
        const badPeriod = await get(
          `${path(AgentOpsPaths.profitLossReport, { agentId: top.member.id })}?from=2026-02-02&to=2026-02-01`,
          support,
        );
        expect(badPeriod.json().value.issues[0].field).toBe('query.to');
      });

      it('when agents are listed, then each shows with its upline, line size and balance; a username start narrows them', async () => {
        const answer = await get(
          `${AgentOpsPaths.agents}?username=${sub.member.username.slice(0, 14).toUpperCase()}`,
          support,
        );
        expect(answer.statusCode, answer.body).toBe(200);
        const value = OpsAgentListResponseSchema.parse(answer.json()).value;
        expect(value?.items).toEqual([
          expect.objectContaining({
            id: String(sub.member.id),
            type: 2,
            uplineUsername: top.member.username,
            directCount: 1,
            teamCount: 1,
            balanceMinor: '50000',
          }),
        ]);
        const all = OpsAgentListResponseSchema.parse(
          (await get(`${AgentOpsPaths.agents}?pageSize=50`, finance)).json(),
        ).value;
        const usernames = all?.items.map((item) => item.username) ?? [];
        for (const agent of [top, sub, other, small, idle])
          expect(usernames).toContain(agent.member.username);
        for (const member of [a1, b1, x1, loner, trial])
          expect(usernames).not.toContain(member.member.username);
        expect(all?.items.find((item) => item.id === String(top.member.id))).toMatchObject({
          uplineUsername: null,
          directCount: 2,
          teamCount: 3,
        });
        const bad = await get(`${AgentOpsPaths.agents}?username=${'a'.repeat(17)}`, support);
        expect(bad.json().value.issues[0].field).toBe('query.username');
      });
    });

    describe('moving a member', () => {
      const why = 'branch handed over, ticket 4711';

      it('when FINANCE or SUPPORT asks for a move, then 403 and nothing moves', async () => {
        for (const headers of [finance, support]) {
          const answer = await move(
            a1.member.id,
            { uplineUsername: other.member.username, reason: why },
            headers,
          );
          expect(answer.statusCode).toBe(403);
        }
        expect(
          (await move(a1.member.id, { uplineUsername: other.member.username, reason: why }, {})).statusCode,
        ).toBe(401);
        expect(await uplineOf(a1)).toBe(top.member.id);
      });

      it.each([
        [
          'no reason',
          (s: Record<string, Session>) => ({ uplineUsername: s.other?.member.username }),
          'body.reason',
        ],
        [
          'a reason too short',
          (s: Record<string, Session>) => ({ uplineUsername: s.other?.member.username, reason: 'x' }),
          'body.reason',
        ],
        [
          'a reason over 500 letters',
          (s: Record<string, Session>) => ({
            uplineUsername: s.other?.member.username,
            reason: 'x'.repeat(501),
          }),
          'body.reason',
        ],
        [
          'a NUL in the upline',
          () => ({ uplineUsername: 'top\u0000', reason: 'a good reason' }),
          'body.uplineUsername',
        ],
        [
          'a lone surrogate in the upline',
          () => ({ uplineUsername: 'top\ud800', reason: 'a good reason' }),
          'body.uplineUsername',
        ],
        [
          'an upline that is a number',
          () => ({ uplineUsername: 42, reason: 'a good reason' }),
          'body.uplineUsername',
        ],
      ])(
        'when the move has %s, then 400 names the field and nothing is written',
        async (_case, body, field) => {
          const before = await moves();
          const answer = await move(a1.member.id, body({ other }), admin);
          expect(answer.statusCode, answer.body).toBe(400);
          expect(answer.json().value.issues.map((issue: { field: string }) => issue.field)).toContain(field);
          expect(await moves()).toBe(before);
          expect(await uplineOf(a1)).toBe(top.member.id);
        },
      );

      it('when the move’s body is larger than any request may be, then 413 and nothing is written', async () => {
        const before = await moves();
        const answer = await move(a1.member.id, {
          uplineUsername: other.member.username,
          reason: 'x'.repeat(200_000),
        });
        expect(answer.statusCode).toBe(413);
        expect(await moves()).toBe(before);
        expect(await uplineOf(a1)).toBe(top.member.id);
      });

      it('when the move is refused by the line’s rules, then a clear 4xx names the field and nothing is written', async () => {
        const before = await moves();
        const refused: [string, bigint | string, string, number, string][] = [
          ['unknown member', 9_223_372_036_854_775_807n, other.member.username, 404, 'params.id'],
          ['malformed member id', 'abc', other.member.username, 400, 'params.id'],
          ['unknown upline', a1.member.id, 'nobody-here', 404, 'body.uplineUsername'],
          ['a trial account', trial.member.id, other.member.username, 400, 'params.id'],
          ['under a member', b1.member.id, a1.member.username, 400, 'body.uplineUsername'],
          ['under a disabled agent', a1.member.id, idle.member.username, 400, 'body.uplineUsername'],
          ['under itself', sub.member.id, sub.member.username, 409, 'body.uplineUsername'],
          ['under its own line', top.member.id, sub.member.username, 409, 'body.uplineUsername'],
          ['an agent 1 under an agent 2', other.member.id, small.member.username, 400, 'body.uplineUsername'],
          ['the upline it has', a1.member.id, top.member.username, 409, 'body.uplineUsername'],
        ];
        for (const [name, memberId, uplineUsername, status, field] of refused) {
          const answer = await move(memberId, { uplineUsername, reason: why });
          expect(answer.statusCode, `${name}: ${answer.body}`).toBe(status);
          expect(answer.json().value.issues[0].field, name).toBe(field);
        }
        expect(await moves()).toBe(before);
        expect(await uplineOf(top)).toBeNull();
        expect(await uplineOf(sub)).toBe(top.member.id);
      });

      it('when an ADMIN moves a sub-agent, then its whole line and its team history follow, both agents’ reads follow and the move is audited with its reason', async () => {
        // The branch's rounds are in the old uplines' team rollups before the move.
        await foldTeamRollups(db());
        const answer = await move(sub.member.id, {
          uplineUsername: other.member.username.toUpperCase(),
          reason: why,
        });
        expect(answer.statusCode, answer.body).toBe(200);
        expect(MoveMemberResponseSchema.parse(answer.json()).value).toEqual({
          id: String(sub.member.id),
          username: sub.member.username,
          previousUplineUsername: top.member.username,
          uplineUsername: other.member.username,
          movedCount: 2,
        });
        const names = async (agent: Session) =>
          (
            (await get(`${AgentPaths.downlines}?pageSize=50`, agent.headers)).json().value.items as {
              username: string;
            }[]
          )
            .map((item) => item.username)
            .sort();
        expect(await names(top)).toEqual([a1.member.username]);
        expect(await names(other)).toEqual([x1, sub, b1].map((s) => s.member.username).sort());
        const statement = (await get(`${AgentPaths.profitLossReport}?${aroundToday()}`, other.headers)).json()
          .value;
        expect(
          statement.items.find((item: { id: string }) => item.id === String(sub.member.id))?.team,
        ).toMatchObject({
          bets: { rounds: 1, stakeMinor: '300', profitMinor: '-200' },
          bonusMinor: '1500',
        });
        await foldTeamRollups(db());
        expect(await checkTeamRollups(db())).toMatchObject({ ok: true });
        const [entry] = await db()
          .select()
          .from(auditLog)
          .where(
            and(eq(auditLog.action, 'member.upline.move'), eq(auditLog.targetId, String(sub.member.id))),
          );
        expect(entry).toMatchObject({ targetType: 'member' });
        expect(entry?.actor).toMatch(/^operator:\d+$/);
        expect(entry?.details).toEqual({
          fromUplineId: String(top.member.id),
          toUplineId: String(other.member.id),
          movedCount: 2,
          reason: why,
        });
        // A member with no upline yet can be placed too.
        const placed = await move(loner.member.id, { uplineUsername: small.member.username, reason: why });
        expect(placed.json().value).toMatchObject({ previousUplineUsername: null, movedCount: 1 });
      });
    });
  },
);
