import { MemberPaths } from '@fortuna/contracts/member';
import { PLAYER_MEMBER_TYPE } from '@fortuna/contracts/member-types';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, opsHeaders } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { bearer } from '../../test/identity-fixtures.ts';
import { DEVICE_COOKIE, deviceHashOf, deviceIdOf } from '../identity/device-cookie.ts';
import {
  memberKnownDevices,
  memberSessions,
  members,
  socialIdentities,
} from '../identity/identity.schema.ts';
import { createLoginStateSealer } from './login-state.ts';
import {
  type CookieJar,
  createCookieJar,
  locationOf,
  startTestOidcProvider,
  throughProvider,
  visit,
} from './social.test-helpers.ts';
import { stateCookieName } from './state-cookie.ts';

const CLIENT = {
  GOOGLE_CLIENT_ID: 'fortuna-test',
  GOOGLE_CLIENT_SECRET: 'a-test-client-secret-of-some-length',
};
const STATE_SECRET = 'a-test-social-state-secret-0123456789';
const ANA = { sub: 'google-ana-0001', email: 'Ana@Example.com', name: 'Ana Reyes' };
const BEN = { sub: 'google-ben-0002', email: 'ben@example.com', name: 'Ben Cruz' };
const CARLA = { sub: 'google-carla-0003', email: 'carla@example.com', name: 'Carla Santos' };

describeEachDatabase('social login through a real OpenID provider', (database) => {
  let provider: Awaited<ReturnType<typeof startTestOidcProvider>>;
  let app: FastifyInstance;
  let origin: string;
  const db = () => database().db;
  const start = () => `${origin}/wps/session/social/google`;

  beforeAll(async () => {
    provider = await startTestOidcProvider([ANA, BEN, CARLA]);
    app = await buildTestApp(database(), {
      GOOGLE_OIDC_ISSUER: provider.issuer,
      SOCIAL_STATE_SECRET: STATE_SECRET,
      ...CLIENT,
    });
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
    provider.registerClient({
      clientId: CLIENT.GOOGLE_CLIENT_ID,
      clientSecret: CLIENT.GOOGLE_CLIENT_SECRET,
      redirectUris: [`${origin}/wps/session/social/google/callback`],
    });
    await setFlag('GOOGLELOGIN3', true);
  });
  afterAll(async () => {
    await app.close();
    await provider.close();
  });

  async function setFlag(flag: string, enabled: boolean) {
    const answer = await app.inject({
      method: 'PUT',
      url: `/ops/system/modules/${flag}`,
      headers: opsHeaders,
      payload: { enabled },
    });
    expect(answer.statusCode).toBe(200);
  }
  const sessionCount = async () => (await db().select().from(memberSessions)).length;
  const linkOf = async (subject: string) =>
    db()
      .select()
      .from(socialIdentities)
      .where(and(eq(socialIdentities.provider, 'google'), eq(socialIdentities.subject, subject)));

  /** The lobby address our callback sends the browser to. */
  async function landing(callbackUrl: string, jar: CookieJar) {
    const answer = await visit(callbackUrl, jar);
    expect(answer.status).toBe(302);
    expect(jar.get(origin, stateCookieName('google'))).toBeUndefined();
    return new URL(locationOf(answer, callbackUrl));
  }

  it('when a person logs in with google for the first time, then a linked player is created and the token opens member info', async () => {
    const jar = createCookieJar();
    const lobby = await landing(await throughProvider(start(), jar, { subject: ANA.sub }), jar);
    expect(lobby.pathname).toBe('/');
    const token = lobby.searchParams.get('token');
    expect(token).toBeTruthy();
    const [link] = await linkOf(ANA.sub);
    expect(link).toBeDefined();
    const [member] = await db()
      .select()
      .from(members)
      .where(eq(members.id, link?.memberId ?? -1n));
    expect(member).toMatchObject({
      nickname: 'Ana Reyes',
      email: 'ana@example.com',
      type: PLAYER_MEMBER_TYPE,
    });
    const info = await app.inject({ method: 'GET', url: MemberPaths.info, headers: bearer(token ?? '') });
    expect(info.statusCode).toBe(200);
    expect(info.json().value).toMatchObject({ account: member?.username, nickname: 'Ana Reyes' });
    // The browser got a device id with its login, recorded for the member by its hash (ADR 077).
    const deviceId = jar.get(origin, DEVICE_COOKIE) ?? '';
    expect(deviceIdOf(`${DEVICE_COOKIE}=${deviceId}`)).toBe(deviceId);
    const devices = await db()
      .select()
      .from(memberKnownDevices)
      .where(eq(memberKnownDevices.memberId, link?.memberId ?? -1n));
    expect(devices.map((device) => device.deviceHash)).toEqual([deviceHashOf(deviceId)]);
  });

  it('when the same person logs in again, then the same member gets a new session', async () => {
    const first = createCookieJar();
    const firstToken = (
      await landing(await throughProvider(start(), first, { subject: BEN.sub }), first)
    ).searchParams.get('token');
    const second = createCookieJar();
    const secondToken = (
      await landing(await throughProvider(start(), second, { subject: BEN.sub }), second)
    ).searchParams.get('token');
    expect(secondToken).toBeTruthy();
    expect(secondToken).not.toBe(firstToken);
    expect(await linkOf(BEN.sub)).toHaveLength(1);
    const names = await Promise.all(
      [firstToken, secondToken].map(
        async (token) =>
          (await app.inject({ method: 'GET', url: MemberPaths.info, headers: bearer(token ?? '') })).json()
            .value.account,
      ),
    );
    expect(names[0]).toBe(names[1]);
  });

  it('when the state in the callback is not the one sealed in the cookie, then the lobby hears failed and no session opens', async () => {
    const jar = createCookieJar();
    const callback = new URL(await throughProvider(start(), jar, { subject: ANA.sub }));
    callback.searchParams.set('state', 'forged-state-value');
    const before = await sessionCount();
    const lobby = await landing(callback.href, jar);
    expect(lobby.search).toBe('?socialError=failed');
    expect(await sessionCount()).toBe(before);
  });

  it('when the state cookie is missing (expired or another browser), then the lobby hears failed and no session opens', async () => {
    const jar = createCookieJar();
    const callback = await throughProvider(start(), jar, { subject: ANA.sub });
    jar.remove(origin, stateCookieName('google'));
    const before = await sessionCount();
    expect((await landing(callback, jar)).search).toBe('?socialError=failed');
    expect(await sessionCount()).toBe(before);
  });

  it('when the state cookie has been tampered with, then the lobby hears failed and no session opens', async () => {
    const jar = createCookieJar();
    const callback = await throughProvider(start(), jar, { subject: ANA.sub });
    const sealed = jar.get(origin, stateCookieName('google')) ?? '';
    const flipped = `${sealed.slice(0, 20)}${sealed[20] === 'A' ? 'B' : 'A'}${sealed.slice(21)}`;
    jar.set(origin, stateCookieName('google'), flipped);
    const before = await sessionCount();
    expect((await landing(callback, jar)).search).toBe('?socialError=failed');
    expect(await sessionCount()).toBe(before);
  });

  it('when the person cancels at the provider, then the lobby hears failed and no session opens', async () => {
    const jar = createCookieJar();
    const callback = await throughProvider(start(), jar, { cancel: true });
    expect(new URL(callback).searchParams.get('error')).toBe('access_denied');
    const before = await sessionCount();
    expect((await landing(callback, jar)).search).toBe('?socialError=failed');
    expect(await sessionCount()).toBe(before);
  });

  it('when the flag is switched off, then the start is refused back to the lobby and no cookie is set', async () => {
    await setFlag('GOOGLELOGIN3', false);
    try {
      const jar = createCookieJar();
      const answer = await visit(start(), jar);
      expect(answer.status).toBe(302);
      expect(answer.headers.get('location')).toBe('/?socialError=disabled');
      expect(jar.get(origin, stateCookieName('google'))).toBeUndefined();
    } finally {
      await setFlag('GOOGLELOGIN3', true);
    }
  });

  it('when an authorization code is replayed with its state, then the provider refuses it and no second session opens', async () => {
    const jar = createCookieJar();
    const callback = await throughProvider(start(), jar, { subject: ANA.sub });
    const sealed = jar.get(origin, stateCookieName('google')) ?? '';
    expect((await landing(callback, jar)).searchParams.get('token')).toBeTruthy();
    jar.set(origin, stateCookieName('google'), sealed);
    const before = await sessionCount();
    expect((await landing(callback, jar)).search).toBe('?socialError=failed');
    expect(await sessionCount()).toBe(before);
  });

  it('when the ID token carries another nonce than the login sealed, then it is rejected and no session opens', async () => {
    const jar = createCookieJar();
    const callback = await throughProvider(start(), jar, { subject: ANA.sub });
    const sealer = createLoginStateSealer(STATE_SECRET);
    const loginState = sealer.open('google', jar.get(origin, stateCookieName('google')));
    jar.set(origin, stateCookieName('google'), sealer.seal({ ...loginState, nonce: 'another-nonce' }));
    const before = await sessionCount();
    expect((await landing(callback, jar)).search).toBe('?socialError=failed');
    expect(await sessionCount()).toBe(before);
  });

  it('when the linked member has been disabled, then the login fails and no session opens', async () => {
    const first = createCookieJar();
    await landing(await throughProvider(start(), first, { subject: CARLA.sub }), first);
    const [link] = await linkOf(CARLA.sub);
    await db()
      .update(members)
      .set({ status: 'DISABLED' })
      .where(eq(members.id, link?.memberId ?? -1n));
    try {
      const jar = createCookieJar();
      const before = await sessionCount();
      const lobby = await landing(await throughProvider(start(), jar, { subject: CARLA.sub }), jar);
      expect(lobby.search).toBe('?socialError=failed');
      expect(await sessionCount()).toBe(before);
    } finally {
      await db()
        .update(members)
        .set({ status: 'ACTIVE' })
        .where(eq(members.id, link?.memberId ?? -1n));
    }
  });

  it('when a login starts, then the provider is asked for openid email profile with PKCE S256, state and nonce, and the state cookie is sealed and scoped', async () => {
    const answer = await app.inject({ method: 'GET', url: '/wps/session/social/google' });
    expect(answer.statusCode).toBe(302);
    const authorization = new URL(answer.headers.location as string);
    expect(authorization.origin).toBe(provider.issuer);
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
      client_id: CLIENT.GOOGLE_CLIENT_ID,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      redirect_uri: 'http://localhost:80/wps/session/social/google/callback',
    });
    for (const name of ['code_challenge', 'state', 'nonce'])
      expect(authorization.searchParams.get(name)?.length).toBeGreaterThanOrEqual(22);
    const cookie = String(answer.headers['set-cookie']);
    expect(cookie).toMatch(
      /^fortuna_social_google=[\w-]+; Path=\/wps\/session\/social; Max-Age=600; HttpOnly; SameSite=Lax$/,
    );
    expect(cookie).not.toContain(authorization.searchParams.get('state'));
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('when PUBLIC_URL is set, then the callback address is built on it and the cookie is Secure over https', async () => {
    const publicApp = await buildTestApp(database(), {
      GOOGLE_OIDC_ISSUER: provider.issuer,
      PUBLIC_URL: 'https://lobby.example',
      ...CLIENT,
    });
    try {
      const answer = await publicApp.inject({ method: 'GET', url: '/wps/session/social/google' });
      const authorization = new URL(answer.headers.location as string);
      expect(authorization.searchParams.get('redirect_uri')).toBe(
        'https://lobby.example/wps/session/social/google/callback',
      );
      expect(String(answer.headers['set-cookie'])).toMatch(/; Secure$/);
    } finally {
      await publicApp.close();
    }
  });

  it('when the provider cannot be reached for discovery, then the start goes back to the lobby as failed', async () => {
    const unreachable = await buildTestApp(database(), {
      GOOGLE_OIDC_ISSUER: 'http://127.0.0.1:9',
      ...CLIENT,
    });
    try {
      const answer = await unreachable.inject({ method: 'GET', url: '/wps/session/social/google' });
      expect(answer.statusCode).toBe(302);
      expect(answer.headers.location).toBe('/?socialError=failed');
      expect(answer.headers['set-cookie']).toBeUndefined();
    } finally {
      await unreachable.close();
    }
  });

  it('when a provider has no client id and secret, then its start is refused back to the lobby even with its flag on', async () => {
    await setFlag('FBLOGIN3', true);
    try {
      const answer = await app.inject({ method: 'GET', url: '/wps/session/social/facebook' });
      expect(answer.statusCode).toBe(302);
      expect(answer.headers.location).toBe('/?socialError=disabled');
      expect(answer.headers['set-cookie']).toBeUndefined();
      const callback = await app.inject({
        method: 'GET',
        url: '/wps/session/social/facebook/callback?code=x&state=y',
      });
      expect(callback.headers.location).toBe('/?socialError=disabled');
    } finally {
      await setFlag('FBLOGIN3', false);
    }
  });

  it('when the provider in the path is unknown, then the answer is 400 naming the field', async () => {
    for (const url of ['/wps/session/social/twitter', '/wps/session/social/twitter/callback']) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(JSON.stringify(answer.json())).toContain('provider');
    }
  });

  it('when one address starts too many logins, then further starts go back to the lobby as failed without a cookie', async () => {
    const from = { remoteAddress: '10.20.30.40' };
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const answer = await app.inject({ method: 'GET', url: '/wps/session/social/google', ...from });
      expect(answer.headers.location).not.toContain('socialError');
    }
    const refused = await app.inject({ method: 'GET', url: '/wps/session/social/google', ...from });
    expect(refused.headers.location).toBe('/?socialError=failed');
    expect(refused.headers['set-cookie']).toBeUndefined();
    const elsewhere = await app.inject({ method: 'GET', url: '/wps/session/social/google' });
    expect(elsewhere.headers.location).not.toContain('socialError');
  });
});
