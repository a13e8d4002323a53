import { AgentPaths, DownlineDetailResponseSchema, InvitationResponseSchema } from '@fortuna/contracts/agent';
import { AnnouncementListResponseSchema } from '@fortuna/contracts/announcements';
import { MemberPaths } from '@fortuna/contracts/member';
import { TRIAL_MEMBER_TYPE } from '@fortuna/contracts/member-types';
import { SessionPaths } from '@fortuna/contracts/session';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, opsHeaders } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import {
  bearer,
  fromNewAddress,
  memberByUsername,
  rowCount,
  sliderTicket,
  uniqueUsername,
} from '../../test/identity-fixtures.ts';
import { loggedInMember } from '../../test/wallet-fixtures.ts';
import { announcementInput, createAnnouncement, readAnnouncements } from '../content/content.test-helpers.ts';

const FIRST_PASSWORD = 'Tanglad2026x';
const OWN_PASSWORD = 'Sampaguita77';

describeEachDatabase('agent register centre: downline accounts, invitation, announcements', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database(), {
      TRUSTED_PROXIES: '127.0.0.1,::1',
      PUBLIC_URL: 'https://lobby.fortuna.test',
    });
  });
  afterAll(() => app.close());
  const db = () => database().db;

  const createDownline = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: AgentPaths.downlines, headers, payload });
  const newDownline = (extra: Record<string, unknown> = {}) => ({
    username: uniqueUsername('d'),
    password: FIRST_PASSWORD,
    confirmPassword: FIRST_PASSWORD,
    ...extra,
  });
  async function login(username: string, password: string) {
    const headers = fromNewAddress();
    const ticket = await sliderTicket(app, db(), 'login', headers);
    return app.inject({
      method: 'POST',
      url: SessionPaths.login,
      headers,
      payload: { username, password, type: 'username', sliderTicket: ticket },
    });
  }

  describe('who may call', () => {
    it.each([
      ['a visitor', 401, 'UNAUTHENTICATED'],
      ['a member', 403, 'FORBIDDEN'],
      ['a trial account', 403, 'FORBIDDEN'],
    ] as const)('when %s asks, then %i and nothing is written', async (who, status, code) => {
      const headers =
        who === 'a visitor'
          ? {}
          : (await loggedInMember(db(), who === 'a trial account' ? { type: TRIAL_MEMBER_TYPE } : {}))
              .headers;
      const members = await rowCount(db(), 'members');
      for (const answer of [
        await createDownline(headers, newDownline()),
        await app.inject({ method: 'GET', url: AgentPaths.invitation, headers }),
        await app.inject({ method: 'GET', url: `${AgentPaths.announcements}?lang=EN`, headers }),
      ]) {
        expect(answer.statusCode, answer.body).toBe(status);
        expect(answer.json().code).toBe(code);
      }
      expect(await rowCount(db(), 'members')).toBe(members);
    });
  });

  describe('creating a downline', () => {
    it('when an agent creates a member, then it joins the line and its first login says the password must change until it does', async () => {
      const agent = await loggedInMember(db(), { type: 1 });
      const request = newDownline();
      const created = await createDownline(agent.headers, request);
      expect(created.statusCode, created.body).toBe(200);
      const value = DownlineDetailResponseSchema.parse(created.json()).value;
      expect(value).toMatchObject({
        username: request.username,
        type: 0,
        isAgent: false,
        level: 1,
        uplineUsername: agent.member.username,
        balanceMinor: '0',
        mustChangePassword: true,
      });
      const stored = await memberByUsername(db(), request.username);
      expect(stored?.uplineId).toBe(agent.member.id);

      const first = await login(request.username, FIRST_PASSWORD);
      expect(first.json().value).toMatchObject({ passwordExpired: true });
      const changed = await app.inject({
        method: 'POST',
        url: MemberPaths.changePassword,
        headers: bearer(first.json().value.token),
        payload: { oldPassword: FIRST_PASSWORD, newPassword: OWN_PASSWORD, confirmNewPassword: OWN_PASSWORD },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await login(request.username, OWN_PASSWORD)).json().value).toMatchObject({
        passwordExpired: false,
      });
    });

    it('when an agent creates an agent of a type its own type allows, then it is an agent; another agent type is 403 naming the type', async () => {
      const head = await loggedInMember(db(), { type: 1 });
      const sub = await createDownline(head.headers, newDownline({ type: 2 }));
      expect(sub.statusCode, sub.body).toBe(200);
      expect(sub.json().value).toMatchObject({ type: 2, isAgent: true });

      const lower = await loggedInMember(db(), { type: 2 });
      const members = await rowCount(db(), 'members');
      for (const type of [1, 41]) {
        const refused = await createDownline(lower.headers, newDownline({ type }));
        expect(refused.statusCode, refused.body).toBe(403);
        expect(refused.json()).toMatchObject({
          code: 'FORBIDDEN',
          value: { issues: [{ field: 'body.type' }] },
        });
      }
      expect(await rowCount(db(), 'members')).toBe(members);
    });

    it.each([
      ['the confirmation differs', { confirmPassword: 'Other2026xyz' }, 400, 'body.confirmPassword'],
      [
        'the password holds the username',
        { username: 'kalamansi01', password: 'kalamansi01X', confirmPassword: 'kalamansi01X' },
        400,
        'body.password',
      ],
      [
        'the password is a published demo one',
        { password: 'Fortuna2026', confirmPassword: 'Fortuna2026' },
        400,
        'body.password',
      ],
      ['the username breaks the rule', { username: '9lives' }, 400, 'body.username'],
      ['the type is no member type', { type: 4 }, 400, 'body.type'],
    ] as const)(
      'when %s, then 400 naming the field and nothing is written',
      async (_case, change, status, field) => {
        const agent = await loggedInMember(db(), { type: 1 });
        const members = await rowCount(db(), 'members');
        const refused = await createDownline(agent.headers, newDownline(change));
        expect(refused.statusCode, refused.body).toBe(status);
        expect(refused.json().value.issues.map((issue: { field: string }) => issue.field)).toContain(field);
        expect(await rowCount(db(), 'members')).toBe(members);
      },
    );

    it('when the username is taken, then 409 naming it', async () => {
      const agent = await loggedInMember(db(), { type: 1 });
      const taken = await createDownline(agent.headers, newDownline({ username: agent.member.username }));
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({
        code: 'USERNAME_TAKEN',
        value: { issues: [{ field: 'body.username' }] },
      });
    });
  });

  describe('invitation', () => {
    it('when an agent without a code asks, then it gets one, the same every time, and a link that registers under it', async () => {
      const agent = await loggedInMember(db(), { type: 41 });
      const first = InvitationResponseSchema.parse(
        (await app.inject({ method: 'GET', url: AgentPaths.invitation, headers: agent.headers })).json(),
      ).value;
      const again = (
        await app.inject({ method: 'GET', url: AgentPaths.invitation, headers: agent.headers })
      ).json().value;
      expect(first?.affiliateCode).toMatch(/^[A-Z2-9]{8}$/);
      expect(again.affiliateCode).toBe(first?.affiliateCode);
      const links = first?.links ?? [];
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) {
        const url = new URL(link.registerUrl);
        expect(url.host).toBe(link.domain);
        expect(url.pathname).toBe('/register');
        expect(url.searchParams.get('referralCode')).toBe(first?.affiliateCode);
      }
      const check = await app.inject({
        method: 'GET',
        url: `${MemberPaths.affiliate}?code=${first?.affiliateCode}&domain=lobby.fortuna.test`,
        headers: fromNewAddress(),
      });
      expect(check.json().value).toMatchObject({ valid: true, agent: agent.member.username });
    });
  });

  describe('announcements for agents', () => {
    it('when an operator publishes one for agents, then agents read it in the agent centre and the lobby never lists it', async () => {
      const title = `Agents only ${uniqueUsername('t')}`;
      await createAnnouncement(
        app,
        announcementInput({
          audience: 'AGENTS',
          texts: [{ lang: 'EN', title, content: '<p>For agents</p>' }],
        }),
      );
      const agent = await loggedInMember(db(), { type: 1 });
      const page = AnnouncementListResponseSchema.parse(
        (
          await app.inject({
            method: 'GET',
            url: `${AgentPaths.announcements}?lang=EN`,
            headers: agent.headers,
          })
        ).json(),
      ).value;
      expect(page?.list.map((item) => item.title)).toContain(title);
      expect(page?.list.every((item) => item.popupType === null)).toBe(true);
      for (const token of [undefined, agent.token]) {
        const lobby = await readAnnouncements(app, { lang: 'EN', pageSize: 50 }, token);
        expect(lobby.list.map((item) => item.title)).not.toContain(title);
      }
      const ops = await app.inject({ method: 'GET', url: '/ops/announcements', headers: opsHeaders });
      expect(
        ops.json().value.find((item: { texts: { title: string }[] }) => item.texts[0]?.title === title),
      ).toMatchObject({ audience: 'AGENTS' });
    });
  });
});
