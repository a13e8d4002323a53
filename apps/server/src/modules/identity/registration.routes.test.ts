import { MemberPaths } from '@fortuna/contracts/member';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  uniqueUsername,
} from '../../test/identity-fixtures.ts';

describeEachDatabase('registration (spec 4.6)', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database(), { TRUSTED_PROXIES: '127.0.0.1,::1' });
  });
  afterAll(() => app.close());
  const db = () => database().db;
  const memberCount = () => rowCount(db(), 'members');
  const setFlag = (modId: string, enabled: boolean) =>
    app.inject({
      method: 'PUT',
      url: `/ops/system/modules/${modId}`,
      headers: opsHeaders,
      payload: { enabled },
    });

  async function register(
    fields: Record<string, unknown>,
    headers = fromNewAddress(),
    path: string = MemberPaths.register,
  ) {
    const captcha = await solvedCaptcha(app, headers);
    return app.inject({ method: 'PUT', url: path, headers, payload: { ...captcha, login: true, ...fields } });
  }

  it('when a visitor registers by username, then the member exists, is logged in and the password is stored as argon2id', async () => {
    const username = uniqueUsername('New');
    const answer = await register({
      username,
      password: 'Kalabaw2026',
      confirmPassword: 'Kalabaw2026',
      email: 'New.Player@Example.com',
      registerMethod: 'WEB',
      domain: 'localhost',
    });
    expect(answer.statusCode).toBe(200);
    const value = answer.json().value;
    expect(value.userInfo.userName).toBe(username.toLowerCase());
    expect(value.firstTimeLogin).toBe(true);
    const info = await app.inject({ method: 'GET', url: MemberPaths.info, headers: bearer(value.token) });
    expect(info.json().value.account).toBe(username.toLowerCase());
    const stored = await memberByUsername(db(), username.toLowerCase());
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=12288,t=3,p=1\$/);
    expect(stored?.email).toBe('new.player@example.com');
    expect(stored?.registerDomain).toBe('localhost');
  });

  describe('when the password is one the policy refuses, then 400 names body.password with the reason, nothing is written and the captcha is not spent', () => {
    it.each([
      ['a common password', () => 'password1', 'PASSWORD_TOO_COMMON'],
      ['digits and a letter', () => '12345678a', 'PASSWORD_TOO_COMMON'],
      ['the username itself', (username: string) => username, 'PASSWORD_HAS_USERNAME'],
      ["the brand's default password", () => 'Fortuna123', 'PASSWORD_KNOWN_DEFAULT'],
      ['the demo password', () => 'Fortuna2026', 'PASSWORD_KNOWN_DEFAULT'],
    ])('%s', async (_label, passwordFor, code) => {
      const username = `${uniqueUsername('pw').slice(0, 14)}x9`.toLowerCase();
      const password = passwordFor(username);
      const headers = fromNewAddress();
      const captcha = await solvedCaptcha(app, headers);
      const before = await memberCount();
      const answer = await app.inject({
        method: 'PUT',
        url: MemberPaths.register,
        headers,
        payload: { ...captcha, login: true, username, password, confirmPassword: password },
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ success: false, code });
      expect(answer.json().value.issues).toEqual([
        { field: 'body.password', message: answer.json().message },
      ]);
      expect(await memberCount()).toBe(before);
      // The same captcha still serves the corrected form.
      const strong = await app.inject({
        method: 'PUT',
        url: MemberPaths.register,
        headers,
        payload: {
          ...captcha,
          login: true,
          username,
          password: 'Kalabaw2026',
          confirmPassword: 'Kalabaw2026',
        },
      });
      expect(strong.statusCode).toBe(200);
    });
  });

  describe('when a field breaks its rule, then 400 names every wrong field and nothing is written', () => {
    it.each([
      ['a username starting with a digit', { username: '1player' }, 'body.username'],
      ['a short username', { username: 'ab' }, 'body.username'],
      [
        'a password without digits',
        { password: 'onlyletters', confirmPassword: 'onlyletters' },
        'body.password',
      ],
      ['a different confirmation', { confirmPassword: 'Kalabaw2027' }, 'body.confirmPassword'],
      ['a malformed e-mail (pattern 3)', { email: 'not-an-email' }, 'body.email'],
      ['a mobile number with letters', { mobileNum: '91712ab', countryDialingCode: '+63' }, 'body.mobileNum'],
      ['a mobile number without dialling code', { mobileNum: '9171234567' }, 'body.countryDialingCode'],
    ])('%s', async (_label, override, field) => {
      const before = await memberCount();
      const answer = await register({
        username: uniqueUsername(),
        password: 'Kalabaw2026',
        confirmPassword: 'Kalabaw2026',
        ...override,
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().value.issues.map((issue: { field: string }) => issue.field)).toContain(field);
      expect(await memberCount()).toBe(before);
    });

    it('the length message carries the bounds', async () => {
      const answer = await register({
        username: uniqueUsername(),
        password: 'Kalabaw2026',
        confirmPassword: 'Kalabaw2026',
        email: 'a@b.c',
      });
      expect(answer.json().value.issues).toContainEqual({
        field: 'body.email',
        message: 'must be between 6 and 100 characters',
      });
    });
  });

  it('when the captcha is wrong, then registration is refused and nothing is written', async () => {
    const before = await memberCount();
    const headers = fromNewAddress();
    const captcha = await solvedCaptcha(app, headers);
    const answer = await app.inject({
      method: 'PUT',
      url: MemberPaths.register,
      headers,
      payload: {
        username: uniqueUsername(),
        password: 'Kalabaw2026',
        confirmPassword: 'Kalabaw2026',
        captchaId: captcha.captchaId,
        captcha: 'zzzz9',
      },
    });
    expect(answer.json().code).toBe('CAPTCHA_INVALID');
    expect(await memberCount()).toBe(before);
  });

  it('when the username is taken, then 409 names the username', async () => {
    const existing = await createMember(db());
    const answer = await register({
      username: existing.username,
      password: 'Kalabaw2026',
      confirmPassword: 'Kalabaw2026',
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({
      code: 'USERNAME_TAKEN',
      value: { issues: [{ field: 'body.username' }] },
    });
  });

  it("when an affiliate code is an agent's, then the agent becomes the upline; an unknown code is invitation_code_error", async () => {
    const agent = await createMember(db(), { type: 1, affiliateCode: `AG${Date.now()}` });
    const check = await app.inject({
      method: 'GET',
      url: `${MemberPaths.affiliate}?code=${agent.affiliateCode}&domain=localhost`,
    });
    expect(check.json().value).toEqual({ valid: true, agent: agent.nickname });
    const badCheck = await app.inject({ method: 'GET', url: `${MemberPaths.affiliate}?code=NOPE123` });
    expect(badCheck.statusCode).toBe(400);
    expect(badCheck.json().code).toBe('INVITATION_CODE_ERROR');

    const username = uniqueUsername();
    const joined = await register({
      username,
      password: 'Kalabaw2026',
      confirmPassword: 'Kalabaw2026',
      affiliateCode: agent.affiliateCode,
    });
    expect(joined.statusCode).toBe(200);
    expect((await memberByUsername(db(), username))?.uplineId).toBe(agent.id);

    const before = await memberCount();
    const refused = await register({
      username: uniqueUsername(),
      password: 'Kalabaw2026',
      confirmPassword: 'Kalabaw2026',
      affiliateCode: 'NOPE123',
    });
    expect(refused.json()).toMatchObject({
      code: 'INVITATION_CODE_ERROR',
      value: { issues: [{ field: 'body.affiliateCode' }] },
    });
    expect(await memberCount()).toBe(before);
  });

  it('when a referral code from a link is stale, then the registration still goes through and keeps the code', async () => {
    const username = uniqueUsername();
    const answer = await register({
      username,
      password: 'Kalabaw2026',
      confirmPassword: 'Kalabaw2026',
      referralCode: 'OLDLINK',
    });
    expect(answer.statusCode).toBe(200);
    expect(await memberByUsername(db(), username)).toMatchObject({ referralCode: 'OLDLINK', uplineId: null });
  });

  it('when a field is switched off in the settings, then its value is not stored', async () => {
    const username = uniqueUsername();
    await register({
      username,
      password: 'Kalabaw2026',
      confirmPassword: 'Kalabaw2026',
      wechat: 'wx-id',
      qqNum: '12345',
    });
    expect((await memberByUsername(db(), username))?.profile).toEqual({});
  });

  describe('by mobile number', () => {
    it('when MOBILENUMREG3 is off, then mobile registration is refused', async () => {
      const answer = await register(
        { mobileNum: '9176660001', countryDialingCode: '+63' },
        fromNewAddress(),
        MemberPaths.registerMobile,
      );
      expect(answer.statusCode).toBe(403);
      expect(answer.json().code).toBe('FEATURE_DISABLED');
    });

    it('when it is on with SMS verification, then the code from the SMS registers the number and logs in', async () => {
      await setFlag('MOBILENUMREG3', true);
      await setFlag('MOBILENUMPASSREG3', true);
      await setFlag('REGMOBVERF3', true);
      try {
        const headers = fromNewAddress();
        const noCode = await register(
          {
            mobileNum: '9176660002',
            countryDialingCode: '+63',
            password: 'Kalabaw2026',
            confirmPassword: 'Kalabaw2026',
          },
          headers,
          MemberPaths.registerMobile,
        );
        expect(noCode.json()).toMatchObject({
          code: 'SMS_CODE_INVALID',
          value: { issues: [{ field: 'body.verificationCode' }] },
        });
        const byUsernameWithoutMobile = await register({
          username: uniqueUsername(),
          password: 'Kalabaw2026',
          confirmPassword: 'Kalabaw2026',
        });
        expect(byUsernameWithoutMobile.json()).toMatchObject({
          code: 'VALIDATION_FAILED',
          value: { issues: [{ field: 'body.mobileNum' }] },
        });

        const ticket = await sliderTicket(app, db(), 'sms', headers);
        const sent = await app.inject({
          method: 'POST',
          url: '/wps/verification/sms/register',
          headers,
          payload: { mobileNo: '9176660002', countryDialingCode: '+63', sliderTicket: ticket },
        });
        expect(sent.json().value).toEqual({ expiredMinutes: 5 });
        const verificationCode = await lastSmsCode(app, '+639176660002');
        const answer = await register(
          {
            mobileNum: '9176660002',
            countryDialingCode: '+63',
            password: 'Kalabaw2026',
            confirmPassword: 'Kalabaw2026',
            verificationCode,
          },
          headers,
          MemberPaths.registerMobile,
        );
        expect(answer.statusCode).toBe(200);
        expect(answer.json().value.userInfo.userName).toBe('639176660002');
        expect(await memberByUsername(db(), '639176660002')).toMatchObject({
          dialingCode: '+63',
          mobileNum: '9176660002',
        });
      } finally {
        await setFlag('MOBILENUMREG3', false);
        await setFlag('MOBILENUMPASSREG3', false);
        await setFlag('REGMOBVERF3', false);
      }
    });
  });
});
