import { MemberPaths } from '@fortuna/contracts/member';
import { SessionPaths } from '@fortuna/contracts/session';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthGuards } from '../../platform/auth.ts';
import { buildTestApp, opsHeaders } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { bearer, createMember, rowCount, sliderTicket, TEST_PASSWORD } from '../../test/identity-fixtures.ts';
import { memberSessions } from './identity.schema.ts';
import { tokenHash } from './secrets.ts';

describeEachDatabase('sessions', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database(), { SESSION_IDLE_MINUTES: '30', SESSION_MAX_HOURS: '12' });
  });
  afterAll(() => app.close());
  const db = () => database().db;

  async function loggedIn(fields: Parameters<typeof createMember>[1] = {}) {
    const member = await createMember(db(), fields);
    const ticket = await sliderTicket(app, db(), 'login');
    const answer = await app.inject({
      method: 'POST',
      url: SessionPaths.login,
      payload: { username: member.username, password: TEST_PASSWORD, type: 'username', sliderTicket: ticket },
    });
    return { member, token: answer.json().value.token as string };
  }
  const info = (token: string) =>
    app.inject({ method: 'GET', url: MemberPaths.info, headers: bearer(token) });

  it('when a member logs out, then the token no longer opens anything', async () => {
    const { token } = await loggedIn();
    expect((await info(token)).statusCode).toBe(200);
    const out = await app.inject({ method: 'DELETE', url: SessionPaths.logout, headers: bearer(token) });
    expect(out.json()).toMatchObject({ success: true, value: { loggedOut: true } });
    const after = await info(token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: 'You are not logged in, please login',
    });
    expect(
      (await app.inject({ method: 'DELETE', url: SessionPaths.logout, headers: bearer(token) })).statusCode,
    ).toBe(401);
  });

  it('when a session has been idle longer than the idle limit, then it has ended', async () => {
    const { token } = await loggedIn();
    await db()
      .update(memberSessions)
      .set({ lastSeenAt: sql`now() - interval '31 minutes'` })
      .where(eq(memberSessions.tokenHash, tokenHash(token)));
    expect((await info(token)).statusCode).toBe(401);
  });

  it('when a session is used, then its idle clock restarts (at most once a minute is written)', async () => {
    const { token } = await loggedIn();
    await db()
      .update(memberSessions)
      .set({ lastSeenAt: sql`now() - interval '29 minutes'` })
      .where(eq(memberSessions.tokenHash, tokenHash(token)));
    expect((await info(token)).statusCode).toBe(200);
    const [row] = await db()
      .select()
      .from(memberSessions)
      .where(eq(memberSessions.tokenHash, tokenHash(token)));
    expect(Date.now() - (row?.lastSeenAt.getTime() ?? 0)).toBeLessThan(60_000);
  });

  it('when a session passes its absolute expiry, then it has ended however active it was', async () => {
    const { token } = await loggedIn();
    const [row] = await db()
      .select()
      .from(memberSessions)
      .where(eq(memberSessions.tokenHash, tokenHash(token)));
    const hours = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12);
    await db()
      .update(memberSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(memberSessions.tokenHash, tokenHash(token)));
    expect((await info(token)).statusCode).toBe(401);
  });

  it('when the account is disabled, then its live sessions stop working', async () => {
    const { member, token } = await loggedIn();
    await db().execute(sql`update members set status = 'DISABLED' where id = ${member.id}`);
    expect((await info(token)).statusCode).toBe(401);
  });

  it.each([
    ['no header', {}],
    ['a made-up token', bearer('A'.repeat(43))],
    ['a malformed header', { authorization: 'Token abc' }],
    ['a token with bad characters', { authorization: 'Bearer <script>alert(1)</script>' }],
  ])('when member info is asked with %s, then 401', async (_label, headers) => {
    const answer = await app.inject({ method: 'GET', url: MemberPaths.info, headers });
    expect(answer.statusCode).toBe(401);
    expect(answer.json().code).toBe('UNAUTHENTICATED');
  });

  it('when the first-login action runs, then firstTimeLogin turns false', async () => {
    const { token } = await loggedIn({ firstTimeLogin: true });
    expect((await info(token)).json().value.firstTimeLogin).toBe(true);
    await app.inject({ method: 'POST', url: MemberPaths.firstLogin, headers: bearer(token) });
    expect((await info(token)).json().value.firstTimeLogin).toBe(false);
  });

  it('when the profile icon is asked, then an SVG of the member is answered', async () => {
    const { token } = await loggedIn({ nickname: '<b>x</b>' });
    const icon = await app.inject({ method: 'GET', url: MemberPaths.icon, headers: bearer(token) });
    const svg = Buffer.from(icon.json().value.iconUrl.split(',')[1], 'base64').toString();
    expect(svg).toContain('<svg');
    expect(svg).not.toContain('<b>');
  });

  it('when member info answers, then phone and e-mail are masked', async () => {
    const { token } = await loggedIn({
      dialingCode: '+63',
      mobileNum: '9171112222',
      email: 'juan.cruz@example.com',
    });
    expect((await info(token)).json().value).toMatchObject({
      mobile: '+63 ••••••2222',
      email: 'j•••z@example.com',
    });
  });

  describe('free play (trial)', () => {
    it('when a visitor takes free play, then a trial session opens: member info says trial, real-member calls refuse it', async () => {
      const answer = await app.inject({
        method: 'POST',
        url: SessionPaths.freePlay,
        payload: { os: 'Linux', platform: 'W' },
      });
      expect(answer.statusCode).toBe(200);
      const { token, userInfo } = answer.json().value;
      expect(userInfo.type).toBe(4);
      const trialInfo = (await info(token)).json().value;
      expect(trialInfo).toMatchObject({ isTrial: true, isAgent: false });

      // The guard that game launch and favourites use (spec 6: trial users cannot play).
      const guards = createAuthGuards(
        async (candidate) => (candidate === token ? { isTrial: true } : null) as never,
      );
      const request = { headers: bearer(token), ip: '127.0.0.1' } as never;
      await expect(guards.realMember(request)).rejects.toMatchObject({
        code: 'TRIAL_NOT_ALLOWED',
        status: 403,
      });
      await expect(guards.member(request)).resolves.toBeUndefined();
    });

    it('when free play is switched off or the platform is wrong, then it is refused and nothing is created', async () => {
      const count = () => rowCount(db(), 'members');
      const before = await count();
      const badPlatform = await app.inject({
        method: 'POST',
        url: SessionPaths.freePlay,
        payload: { os: 'x', platform: 'M' },
      });
      expect(badPlatform.statusCode).toBe(400);
      expect(badPlatform.json().value.issues[0].field).toBe('body.platform');
      await app.inject({
        method: 'PUT',
        url: '/ops/system/modules/FREEPLAY3',
        headers: opsHeaders,
        payload: { enabled: false },
      });
      const off = await app.inject({
        method: 'POST',
        url: SessionPaths.freePlay,
        payload: { os: 'x', platform: 'W' },
      });
      await app.inject({
        method: 'PUT',
        url: '/ops/system/modules/FREEPLAY3',
        headers: opsHeaders,
        payload: { enabled: true },
      });
      expect(off.statusCode).toBe(403);
      expect(off.json().code).toBe('FEATURE_DISABLED');
      expect(await count()).toBe(before);
    });
  });
});
