import { ENCRYPTED_BODY_CONTENT_TYPE, EncryptionPaths } from '@fortuna/contracts/encryption';
import { MemberPaths } from '@fortuna/contracts/member';
import { SessionPaths } from '@fortuna/contracts/session';
import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealBody } from '../../platform/sealed-body/seal.ts';
import { buildTestApp, opsHeaders } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import {
  bearer,
  createMember,
  fromNewAddress,
  lastSmsCode,
  memberByUsername,
  rowCount,
  sliderTicket,
  solvedCaptcha,
  TEST_PASSWORD,
  uniqueUsername,
} from '../../test/identity-fixtures.ts';
import { memberSessions, members } from './identity.schema.ts';
import { needsRehash } from './password-hashing.ts';

describeEachDatabase('login (spec 4.2)', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database(), { TRUSTED_PROXIES: '127.0.0.1,::1' });
  });
  afterAll(() => app.close());

  const db = () => database().db;
  const sessionCount = () => rowCount(db(), 'member_sessions');

  async function login(body: Record<string, unknown>, headers: Record<string, string>) {
    return app.inject({ method: 'POST', url: SessionPaths.login, headers, payload: body });
  }
  async function passwordLogin(
    username: string,
    password: string,
    headers: Record<string, string>,
    extra = {},
  ) {
    const ticket = await sliderTicket(app, db(), 'login', headers);
    return login({ username, password, type: 'username', sliderTicket: ticket, ...extra }, headers);
  }

  it('when the username and password are right and the slider was solved, then a session opens and member info answers', async () => {
    const member = await createMember(db(), { nickname: 'Ana' });
    const headers = fromNewAddress();
    const answer = await passwordLogin(member.username.toUpperCase(), TEST_PASSWORD, headers);
    expect(answer.statusCode).toBe(200);
    const value = answer.json().value;
    expect(value).toMatchObject({
      firstTimeLogin: false,
      passwordExpired: false,
      passwordIsDefault: false,
      userInfo: { userName: member.username, nickname: 'Ana', type: 0 },
    });
    expect(value.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const info = await app.inject({ method: 'GET', url: MemberPaths.info, headers: bearer(value.token) });
    expect(info.json().value).toMatchObject({ account: member.username, isAgent: false, isTrial: false });
    // Only the token's hash is stored.
    const stored = await db().select().from(memberSessions);
    expect(stored.some((row) => row.tokenHash === value.token)).toBe(false);
  });

  it('when a slider ticket solved at one address is used to log in from another, then the login is refused and no session opens', async () => {
    const member = await createMember(db());
    const ticket = await sliderTicket(app, db(), 'login', fromNewAddress());
    const before = await sessionCount();
    const answer = await login(
      { username: member.username, password: TEST_PASSWORD, type: 'username', sliderTicket: ticket },
      fromNewAddress(),
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      code: 'SLIDER_INVALID',
      value: { issues: [{ field: 'body.sliderTicket' }] },
    });
    expect(await sessionCount()).toBe(before);
  });

  it('when the slider ticket is missing, replayed or made for another action, then the login is refused and no session opens', async () => {
    const member = await createMember(db());
    const headers = fromNewAddress();
    const before = await sessionCount();
    const missing = await login(
      { username: member.username, password: TEST_PASSWORD, type: 'username' },
      headers,
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'SLIDER_INVALID',
      value: { issues: [{ field: 'body.sliderTicket' }] },
    });

    const registerTicket = await sliderTicket(app, db(), 'register', headers);
    const wrongAction = await login(
      { username: member.username, password: TEST_PASSWORD, type: 'username', sliderTicket: registerTicket },
      headers,
    );
    expect(wrongAction.json().code).toBe('SLIDER_INVALID');

    const ticket = await sliderTicket(app, db(), 'login', headers);
    const first = await login(
      { username: member.username, password: TEST_PASSWORD, type: 'username', sliderTicket: ticket },
      headers,
    );
    expect(first.statusCode).toBe(200);
    const replay = await login(
      { username: member.username, password: TEST_PASSWORD, type: 'username', sliderTicket: ticket },
      headers,
    );
    expect(replay.json().code).toBe('SLIDER_INVALID');
    expect(await sessionCount()).toBe(before + 1);
  });

  it('when the username is unknown or the password wrong, then the answers are identical (no enumeration)', async () => {
    const member = await createMember(db());
    const wrongPassword = await passwordLogin(member.username, 'Wrong12345', fromNewAddress());
    const unknownUser = await passwordLogin(uniqueUsername('ghost'), 'Wrong12345', fromNewAddress());
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownUser.statusCode).toBe(401);
    expect(unknownUser.json()).toEqual(wrongPassword.json());
    expect(wrongPassword.json()).toMatchObject({ code: 'LOGIN_FAILED', value: { captcha: false } });
  });

  it('when a username fails three times, then a captcha is demanded, a wrong one fails, and the right one with the password logs in', async () => {
    const member = await createMember(db());
    const headers = fromNewAddress();
    for (const attempt of [1, 2, 3]) {
      const failed = await passwordLogin(member.username, 'Wrong12345', headers);
      expect(failed.json().value.captcha).toBe(attempt >= 3);
    }
    const withoutCaptcha = await passwordLogin(member.username, TEST_PASSWORD, headers);
    expect(withoutCaptcha.statusCode).toBe(400);
    expect(withoutCaptcha.json()).toMatchObject({ code: 'CAPTCHA_INVALID', value: { captcha: true } });

    const wrongCaptcha = await solvedCaptcha(app, headers);
    const refused = await passwordLogin(member.username, TEST_PASSWORD, headers, {
      captchaId: wrongCaptcha.captchaId,
      captcha: `${wrongCaptcha.captcha}x`,
    });
    expect(refused.json().code).toBe('CAPTCHA_INVALID');

    await new Promise((resolve) => setTimeout(resolve, 1100)); // captcha refresh is limited to once a second
    const captcha = await solvedCaptcha(app, headers);
    const accepted = await passwordLogin(member.username, TEST_PASSWORD, headers, {
      ...captcha,
      captcha: captcha.captcha.toUpperCase(),
    });
    expect(accepted.statusCode).toBe(200);
  });

  it('when a username keeps failing from one address, then that address is held back (429 with Retry-After), even with the right password', async () => {
    const member = await createMember(db());
    const headers = fromNewAddress();
    for (let attempt = 1; attempt <= 3; attempt += 1)
      await passwordLogin(member.username, 'Wrong12345', headers);
    await passwordLogin(member.username, 'Wrong12345', headers, await solvedCaptcha(app, headers));
    // The fifth failure starts the delay (1 s, then 2 s, 4 s …).
    await passwordLogin(member.username, 'Wrong12345', headers, await solvedCaptcha(app, headers));
    const held = await passwordLogin(member.username, TEST_PASSWORD, headers);
    expect(held.statusCode).toBe(429);
    expect(held.json()).toMatchObject({ code: 'RATE_LIMITED', value: { captcha: true } });
    expect(held.headers['retry-after']).toBe('1');
  });

  it("when strangers fail on a member's name from many addresses, then the owner's right password from an address that has not failed logs in at once, without a captcha", async () => {
    const member = await createMember(db());
    for (let i = 0; i < 40; i += 1) {
      const failed = await passwordLogin(member.username, 'Wrong12345', fromNewAddress());
      expect(failed.statusCode).toBe(401);
    }
    const owner = await passwordLogin(member.username, TEST_PASSWORD, fromNewAddress());
    expect(owner.statusCode).toBe(200);
  });

  it('when a player logs in on the agent page, then "Non-agents cannot log in"; an agent gets in', async () => {
    const player = await createMember(db());
    const agent = await createMember(db(), { type: 41 });
    const refused = await passwordLogin(player.username, TEST_PASSWORD, fromNewAddress(), { page: 'agent' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'NON_AGENT_LOGIN', message: 'Non-agents cannot log in' });
    const accepted = await passwordLogin(agent.username, TEST_PASSWORD, fromNewAddress(), { page: 'agent' });
    expect(accepted.statusCode).toBe(200);
    const info = await app.inject({
      method: 'GET',
      url: MemberPaths.info,
      headers: bearer(accepted.json().value.token),
    });
    expect(info.json().value.isAgent).toBe(true);
  });

  it('when the password is the brand default, or expired with expiry on, then the answer says so', async () => {
    const newbie = await createMember(db(), { password: 'Fortuna123' });
    const defaulted = await passwordLogin(newbie.username, 'Fortuna123', fromNewAddress());
    expect(defaulted.json().value).toMatchObject({ passwordIsDefault: true, passwordExpired: false });

    const old = await createMember(db(), { passwordChangedAt: new Date(Date.now() - 91 * 86_400_000) });
    const expiryOff = await passwordLogin(old.username, TEST_PASSWORD, fromNewAddress());
    expect(expiryOff.json().value.passwordExpired).toBe(false);
    await app.inject({
      method: 'PUT',
      url: '/ops/system/modules/PWDEXPIRY3',
      headers: opsHeaders,
      payload: { enabled: true },
    });
    const expiryOn = await passwordLogin(old.username, TEST_PASSWORD, fromNewAddress());
    await app.inject({
      method: 'PUT',
      url: '/ops/system/modules/PWDEXPIRY3',
      headers: opsHeaders,
      payload: { enabled: false },
    });
    expect(expiryOn.json().value.passwordExpired).toBe(true);
  });

  it('when a password was hashed with older argon2 parameters, then the next login re-hashes it with the current ones', async () => {
    const older = await hash(TEST_PASSWORD, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    const member = await createMember(db());
    await db().update(members).set({ passwordHash: older }).where(eq(members.id, member.id));
    expect((await passwordLogin(member.username, TEST_PASSWORD, fromNewAddress())).statusCode).toBe(200);
    const stored = (await memberByUsername(db(), member.username))?.passwordHash ?? '';
    expect(stored).not.toBe(older);
    expect(needsRehash(stored)).toBe(false);
    expect((await passwordLogin(member.username, TEST_PASSWORD, fromNewAddress())).statusCode).toBe(200);
  });

  it('when a disabled account logs in with the right password, then it is refused', async () => {
    const member = await createMember(db(), { status: 'DISABLED' });
    const answer = await passwordLogin(member.username, TEST_PASSWORD, fromNewAddress());
    expect(answer.statusCode).toBe(403);
    expect(answer.json().code).toBe('ACCOUNT_DISABLED');
  });

  describe('from an address the member never used', () => {
    it('when the member has a phone, then a code is sent there and the session opens only with it', async () => {
      const member = await createMember(db(), { dialingCode: '+63', mobileNum: '9175550101' });
      const home = fromNewAddress();
      expect((await passwordLogin(member.username, TEST_PASSWORD, home)).statusCode).toBe(200);

      const elsewhere = fromNewAddress();
      const before = await sessionCount();
      const challenged = await passwordLogin(member.username, TEST_PASSWORD, elsewhere);
      expect(challenged.statusCode).toBe(403);
      expect(challenged.json()).toMatchObject({
        code: 'IP_VERIFICATION_REQUIRED',
        value: { captcha: false, locationCheck: { channel: 'sms', destination: '+63 ••••••0101' } },
      });
      expect(await sessionCount()).toBe(before);

      const wrong = await passwordLogin(member.username, TEST_PASSWORD, elsewhere, {
        locationCode: '000000',
      });
      expect(wrong.json()).toMatchObject({
        code: 'SMS_CODE_INVALID',
        value: { issues: [{ field: 'body.locationCode' }] },
      });
      const code = await lastSmsCode(app, '+639175550101');
      const accepted = await passwordLogin(member.username, TEST_PASSWORD, elsewhere, { locationCode: code });
      expect(accepted.statusCode).toBe(200);
      // The address is known from now on.
      expect((await passwordLogin(member.username, TEST_PASSWORD, elsewhere)).statusCode).toBe(200);
    });

    it('when the password is wrong, then the answer is the plain failure and no code is sent', async () => {
      const member = await createMember(db(), { dialingCode: '+63', mobileNum: '9175550102' });
      await passwordLogin(member.username, TEST_PASSWORD, fromNewAddress());
      const answer = await passwordLogin(member.username, 'Wrong12345', fromNewAddress());
      expect(answer.json().code).toBe('LOGIN_FAILED');
      await expect(lastSmsCode(app, '+639175550102')).rejects.toThrow();
    });
  });

  describe('by SMS code', () => {
    const sendCode = async (mobileNum: string, headers: Record<string, string>) => {
      const ticket = await sliderTicket(app, db(), 'sms', headers);
      return app.inject({
        method: 'POST',
        url: '/wps/verification/sms/noLogin',
        headers,
        payload: { mobileNum, countryDialingCode: '+63', purpose: 'login', sliderTicket: ticket },
      });
    };
    const smsLogin = (mobileNum: string, code: string, headers: Record<string, string>) =>
      login({ username: mobileNum, password: code, type: 'sms', countryDialingCode: '+63' }, headers);

    it('when the code from the SMS is given, then the member is logged in without a slider, and the code cannot be replayed', async () => {
      const member = await createMember(db(), { dialingCode: '+63', mobileNum: '9175550201' });
      const headers = fromNewAddress();
      expect((await sendCode('9175550201', headers)).json().value).toEqual({ expiredMinutes: 5 });
      const code = await lastSmsCode(app, '+639175550201');
      const answer = await smsLogin('9175550201', code, headers);
      expect(answer.statusCode).toBe(200);
      expect(answer.json().value.userInfo.userName).toBe(member.username);
      expect((await smsLogin('9175550201', code, headers)).json().code).toBe('SMS_CODE_INVALID');
    });

    it('when five wrong codes were tried, then the sixth try fails even with the right code', async () => {
      await createMember(db(), { dialingCode: '+63', mobileNum: '9175550202' });
      const headers = fromNewAddress();
      await sendCode('9175550202', headers);
      const code = await lastSmsCode(app, '+639175550202');
      const wrong = code === '111111' ? '222222' : '111111';
      for (let attempt = 0; attempt < 5; attempt += 1)
        expect((await smsLogin('9175550202', wrong, headers)).json().code).toBe('SMS_CODE_INVALID');
      const sixth = await smsLogin('9175550202', code, headers);
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().code).toBe('SMS_TOO_MANY_TRIES');
    });

    it('when the dialling code is missing or the number malformed, then 400 names the field', async () => {
      const headers = fromNewAddress();
      const noDialling = await login({ username: '9175550203', password: '123456', type: 'sms' }, headers);
      expect(noDialling.json().value.issues[0].field).toBe('body.countryDialingCode');
      const badNumber = await login(
        { username: '91-75', password: '123456', type: 'sms', countryDialingCode: '+63' },
        headers,
      );
      expect(badNumber.json().value.issues[0].field).toBe('body.username');
    });
  });

  it.each([
    ['no body', undefined, 'body'],
    ['an unknown type', { username: 'abcdef', password: 'x', type: 'email' }, 'body.type'],
    ['an empty username', { username: '', password: 'x', type: 'username' }, 'body.username'],
    ['a huge password', { username: 'abcdef', password: 'x'.repeat(500), type: 'username' }, 'body.password'],
    ['an unknown page', { username: 'abcdef', password: 'x', type: 'username', page: 'admin' }, 'body.page'],
  ])(
    'when the login has %s, then 400 names the field and no session opens',
    async (_label, payload, field) => {
      const before = await sessionCount();
      const answer = await app.inject({
        method: 'POST',
        url: SessionPaths.login,
        payload,
        headers: fromNewAddress(),
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().value.issues[0].field).toContain(field);
      expect(await sessionCount()).toBe(before);
    },
  );

  it('when the login body is sealed for the server, then it logs in; tampered or sealed for another call, then 400 and no session', async () => {
    const member = await createMember(db());
    const headers = fromNewAddress();
    const key = (await app.inject({ method: 'GET', url: EncryptionPaths.publicKey })).json().value;
    const sealedLogin = async (path: string) => {
      const ticket = await sliderTicket(app, db(), 'login', headers);
      const body = {
        username: member.username,
        password: TEST_PASSWORD,
        type: 'username',
        sliderTicket: ticket,
      };
      return sealBody(body, key.spki, key.keyId, 'POST', path);
    };
    const send = (payload: unknown) =>
      app.inject({
        method: 'POST',
        url: SessionPaths.login,
        headers: { ...headers, 'content-type': ENCRYPTED_BODY_CONTENT_TYPE },
        payload: JSON.stringify(payload),
      });

    const accepted = await send(await sealedLogin(SessionPaths.login));
    expect(accepted.statusCode).toBe(200);

    const before = await sessionCount();
    const sealed = await sealedLogin(SessionPaths.login);
    const data = Buffer.from(sealed.data, 'base64');
    data[3] = (data[3] ?? 0) ^ 0xff;
    const tampered = await send({ ...sealed, data: data.toString('base64') });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json()).toMatchObject({
      code: 'MALFORMED_REQUEST',
      message: 'The encrypted body could not be read',
    });
    const elsewhere = await send(await sealedLogin(MemberPaths.changePassword));
    expect(elsewhere.statusCode).toBe(400);
    expect(await sessionCount()).toBe(before);
  });

  it('when a member logs in, then the member is told apart from another: each token reads its own info', async () => {
    const first = await createMember(db());
    const second = await createMember(db());
    const firstToken = (await passwordLogin(first.username, TEST_PASSWORD, fromNewAddress())).json().value
      .token;
    const secondToken = (await passwordLogin(second.username, TEST_PASSWORD, fromNewAddress())).json().value
      .token;
    const firstInfo = await app.inject({ method: 'GET', url: MemberPaths.info, headers: bearer(firstToken) });
    const secondInfo = await app.inject({
      method: 'GET',
      url: MemberPaths.info,
      headers: bearer(secondToken),
    });
    expect(firstInfo.json().value.account).toBe(first.username);
    expect(secondInfo.json().value.account).toBe(second.username);
    expect((await memberByUsername(db(), first.username))?.lastLoginAt).not.toBeNull();
  });
});
