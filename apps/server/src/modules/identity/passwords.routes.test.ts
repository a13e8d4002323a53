import { MemberPaths } from '@fortuna/contracts/member';
import { SessionPaths } from '@fortuna/contracts/session';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { heldAfterAnswer } from '../../test/held-after-answer.ts';
import {
  bearer,
  createMember,
  lastSmsCode,
  sliderTicket,
  TEST_PASSWORD,
} from '../../test/identity-fixtures.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp-server.ts';

const NEW_PASSWORD = 'Renewed2026';

describeEachDatabase('passwords (spec 4.4, 4.5)', (database) => {
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    app = await buildTestApp(database(), {
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://lobby.fortuna.test',
    });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });
  const db = () => database().db;

  async function login(username: string, password: string) {
    const ticket = await sliderTicket(app, db(), 'login');
    return app.inject({
      method: 'POST',
      url: SessionPaths.login,
      payload: { username, password, type: 'username', sliderTicket: ticket },
    });
  }
  const info = (token: string) =>
    app.inject({ method: 'GET', url: MemberPaths.info, headers: bearer(token) });

  describe('change password', () => {
    it('when the old password is right, then every session ends, this one continues under a new token, and the new password logs in', async () => {
      const member = await createMember(db());
      const phone = (await login(member.username, TEST_PASSWORD)).json().value.token;
      const laptop = (await login(member.username, TEST_PASSWORD)).json().value.token;
      const answer = await app.inject({
        method: 'POST',
        url: MemberPaths.changePassword,
        headers: bearer(laptop),
        payload: { oldPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD },
      });
      expect(answer.statusCode).toBe(200);
      const { token } = answer.json().value;
      expect((await info(token)).statusCode).toBe(200);
      expect((await info(laptop)).statusCode).toBe(401);
      expect((await info(phone)).statusCode).toBe(401);
      expect((await login(member.username, TEST_PASSWORD)).statusCode).toBe(401);
      expect((await login(member.username, NEW_PASSWORD)).statusCode).toBe(200);
    });

    it.each([
      ['a wrong old password', { oldPassword: 'Wrong12345' }, 'WRONG_PASSWORD', 'body.oldPassword'],
      [
        'a weak new password',
        { newPassword: 'short', confirmNewPassword: 'short' },
        'VALIDATION_FAILED',
        'body.newPassword',
      ],
      [
        'a different confirmation',
        { confirmNewPassword: 'Other2026' },
        'VALIDATION_FAILED',
        'body.confirmNewPassword',
      ],
      [
        'the same password again',
        { newPassword: TEST_PASSWORD, confirmNewPassword: TEST_PASSWORD },
        'VALIDATION_FAILED',
        'body.newPassword',
      ],
    ])(
      'when it has %s, then 400 names the field and the password stays',
      async (_label, override, code, field) => {
        const member = await createMember(db());
        const token = (await login(member.username, TEST_PASSWORD)).json().value.token;
        const answer = await app.inject({
          method: 'POST',
          url: MemberPaths.changePassword,
          headers: bearer(token),
          payload: {
            oldPassword: TEST_PASSWORD,
            newPassword: NEW_PASSWORD,
            confirmNewPassword: NEW_PASSWORD,
            ...override,
          },
        });
        expect(answer.statusCode).toBe(400);
        expect(answer.json().code).toBe(code);
        expect(answer.json().value.issues[0].field).toBe(field);
        expect((await info(token)).statusCode).toBe(200);
        expect((await login(member.username, TEST_PASSWORD)).statusCode).toBe(200);
      },
    );

    it.each([
      ['a common password', () => 'password1', 'PASSWORD_TOO_COMMON'],
      ['its username', (username: string) => username, 'PASSWORD_HAS_USERNAME'],
      ["the brand's default password", () => 'Fortuna123', 'PASSWORD_KNOWN_DEFAULT'],
      ['the demo password', () => 'Fortuna2026', 'PASSWORD_KNOWN_DEFAULT'],
    ])(
      'when the new password is %s, then 400 says why under body.newPassword and the password stays',
      async (_label, passwordFor, code) => {
        const member = await createMember(db());
        const token = (await login(member.username, TEST_PASSWORD)).json().value.token;
        const newPassword = passwordFor(member.username);
        const answer = await app.inject({
          method: 'POST',
          url: MemberPaths.changePassword,
          headers: bearer(token),
          payload: { oldPassword: TEST_PASSWORD, newPassword, confirmNewPassword: newPassword },
        });
        expect(answer.statusCode).toBe(400);
        expect(answer.json()).toMatchObject({ code, value: { issues: [{ field: 'body.newPassword' }] } });
        expect((await info(token)).statusCode).toBe(200);
        expect((await login(member.username, TEST_PASSWORD)).statusCode).toBe(200);
      },
    );

    it('when nobody is logged in, then 401', async () => {
      const answer = await app.inject({
        method: 'POST',
        url: MemberPaths.changePassword,
        payload: { oldPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD },
      });
      expect(answer.statusCode).toBe(401);
    });
  });

  describe('forgot password by e-mail', () => {
    const forgot = (username: string, email: string, ip = '192.0.2.10') =>
      app.inject({
        method: 'POST',
        url: MemberPaths.forgotByEmail,
        remoteAddress: ip,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ username, email }).toString(),
      });
    const waitForMail = async (to: string) => {
      for (let tries = 0; tries < 50; tries += 1) {
        const mail = smtp.messages.find((message) => message.to.includes(to));
        if (mail) return mail;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no mail reached ${to}`);
    };

    it('when the username and e-mail match, then a mail with a one-time link arrives and the link sets a new password once', async () => {
      const member = await createMember(db(), { email: 'maria.reyes@example.com' });
      const session = (await login(member.username, TEST_PASSWORD)).json().value.token;
      const answer = await forgot(member.username, 'Maria.Reyes@example.com');
      expect(answer.json()).toMatchObject({ success: true, value: { sent: true } });

      const mail = await waitForMail('maria.reyes@example.com');
      expect(mail.subject).toContain('reset your password');
      const link = mail.text.match(/https:\/\/lobby\.fortuna\.test\/resetPassword\?token=([A-Za-z0-9_-]+)/);
      expect(link).not.toBeNull();
      const token = link?.[1] as string;

      const reset = await app.inject({
        method: 'POST',
        url: MemberPaths.resetByEmailLink,
        payload: { token, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD },
      });
      expect(reset.json()).toMatchObject({ success: true, value: { reset: true } });
      expect((await login(member.username, NEW_PASSWORD)).statusCode).toBe(200);
      expect((await info(session)).statusCode).toBe(401);

      const again = await app.inject({
        method: 'POST',
        url: MemberPaths.resetByEmailLink,
        payload: { token, newPassword: 'Another2026', confirmNewPassword: 'Another2026' },
      });
      expect(again.statusCode).toBe(400);
      expect(again.json().code).toBe('RESET_LINK_INVALID');
    });

    it('when the link is given a password the policy refuses, then 400 says why and the link still works for a good one', async () => {
      const member = await createMember(db(), { email: 'weak.choice@example.com' });
      await forgot(member.username, 'weak.choice@example.com', '192.0.2.14');
      const token = (await waitForMail('weak.choice@example.com')).text.match(/token=([A-Za-z0-9_-]+)/)?.[1];
      const resetWith = (newPassword: string) =>
        app.inject({
          method: 'POST',
          url: MemberPaths.resetByEmailLink,
          payload: { token, newPassword, confirmNewPassword: newPassword },
        });
      for (const [weak, code] of [
        ['12345678a', 'PASSWORD_TOO_COMMON'],
        [`${member.username}!`, 'PASSWORD_HAS_USERNAME'],
        ['Fortuna2026', 'PASSWORD_KNOWN_DEFAULT'],
      ] as const) {
        const refused = await resetWith(weak);
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toMatchObject({ code, value: { issues: [{ field: 'body.newPassword' }] } });
      }
      expect((await login(member.username, TEST_PASSWORD)).statusCode).toBe(200);
      expect((await resetWith(NEW_PASSWORD)).statusCode).toBe(200);
      expect((await login(member.username, NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('when the pair does not match or the user is unknown, then the answer is the same and no mail is sent', async () => {
      const member = await createMember(db(), { email: 'pedro@example.com' });
      const sentBefore = smtp.messages.length;
      const wrongEmail = await forgot(member.username, 'other@example.com', '192.0.2.11');
      const unknown = await forgot('nobody99', 'pedro@example.com', '192.0.2.11');
      expect(wrongEmail.json()).toEqual(unknown.json());
      expect(unknown.json().value).toEqual({ sent: true });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(smtp.messages.length).toBe(sentBefore);
    });

    it('when someone asks, then the answer comes before the account is even looked up: the same for a member and a stranger, the link and the mail made after it', async () => {
      const held = heldAfterAnswer();
      const heldApp = await buildTestApp(
        database(),
        { MAIL_TRANSPORT: 'smtp', SMTP_URL: smtp.url, PUBLIC_URL: 'https://lobby.fortuna.test' },
        undefined,
        { afterAnswer: held },
      );
      const resetLinks = async () =>
        Number(
          (
            (await db().execute(sql`select count(*)::int as n from password_reset_tokens`)) as unknown as {
              rows: { n: number }[];
            }
          ).rows[0]?.n,
        );
      try {
        const member = await createMember(db(), { email: 'equal.timing@example.com' });
        const linksBefore = await resetLinks();
        const ask = (username: string, email: string) =>
          heldApp.inject({
            method: 'POST',
            url: MemberPaths.forgotByEmail,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            remoteAddress: '192.0.2.13',
            payload: new URLSearchParams({ username, email }).toString(),
          });
        const forMember = await ask(member.username, 'equal.timing@example.com');
        const forStranger = await ask('nobody77', 'equal.timing@example.com');
        expect(forMember.statusCode).toBe(200);
        expect(forMember.body).toBe(forStranger.body);
        expect(held.labels()).toEqual(['password reset mail', 'password reset mail']);
        expect(await resetLinks()).toBe(linksBefore);

        await held.release();
        expect(await resetLinks()).toBe(linksBefore + 1);
        expect((await waitForMail('equal.timing@example.com')).subject).toContain('reset your password');
      } finally {
        await heldApp.close();
      }
    });

    it('when a link is older than 30 minutes, then it no longer works', async () => {
      const member = await createMember(db(), { email: 'late@example.com' });
      await forgot(member.username, 'late@example.com', '192.0.2.12');
      const mail = await waitForMail('late@example.com');
      const token = mail.text.match(/token=([A-Za-z0-9_-]+)/)?.[1] as string;
      await db().execute(sql`update password_reset_tokens set expires_at = now() - interval '1 second'`);
      const reset = await app.inject({
        method: 'POST',
        url: MemberPaths.resetByEmailLink,
        payload: { token, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD },
      });
      expect(reset.json().code).toBe('RESET_LINK_INVALID');
    });

    it.each([
      ['a malformed e-mail', { username: 'juan123', email: 'juan' }, 'body.email'],
      ['a username breaking the rule', { username: '1x', email: 'juan@example.com' }, 'body.username'],
    ])('when the form has %s, then 400 names the field', async (_label, fields, field) => {
      const answer = await app.inject({
        method: 'POST',
        url: MemberPaths.forgotByEmail,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().value.issues[0].field).toBe(field);
    });
  });

  describe('set password by phone', () => {
    it('when the SMS code is right, then the password is set and the member is logged in', async () => {
      const member = await createMember(db(), { dialingCode: '+63', mobileNum: '9177770001' });
      const ticket = await sliderTicket(app, db(), 'sms');
      await app.inject({
        method: 'POST',
        url: '/wps/verification/sms/noLogin',
        payload: {
          mobileNum: '9177770001',
          countryDialingCode: '+63',
          purpose: 'resetPassword',
          sliderTicket: ticket,
        },
      });
      const body = {
        mobileNum: '9177770001',
        countryDialingCode: '+63',
        newPassword: NEW_PASSWORD,
        confirmNewPassword: NEW_PASSWORD,
      };
      const wrong = await app.inject({
        method: 'POST',
        url: MemberPaths.setByPhone,
        payload: { ...body, verificationCode: '000000' },
      });
      expect(wrong.json().code).toBe('SMS_CODE_INVALID');
      const verificationCode = await lastSmsCode(app, '+639177770001');
      const answer = await app.inject({
        method: 'POST',
        url: MemberPaths.setByPhone,
        payload: { ...body, verificationCode },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().value.userInfo.userName).toBe(member.username);
      expect((await login(member.username, NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('when the new password is common, then it is refused before the code is spent; with the username, after', async () => {
      const member = await createMember(db(), { dialingCode: '+63', mobileNum: '9177770003' });
      const askCode = async () =>
        app.inject({
          method: 'POST',
          url: '/wps/verification/sms/noLogin',
          payload: {
            mobileNum: '9177770003',
            countryDialingCode: '+63',
            purpose: 'resetPassword',
            sliderTicket: await sliderTicket(app, db(), 'sms'),
          },
        });
      await askCode();
      const verificationCode = await lastSmsCode(app, '+639177770003');
      const setTo = (newPassword: string) =>
        app.inject({
          method: 'POST',
          url: MemberPaths.setByPhone,
          payload: { mobileNum: '9177770003', countryDialingCode: '+63', verificationCode, newPassword },
        });
      const common = await setTo('password1');
      expect(common.json()).toMatchObject({
        code: 'PASSWORD_TOO_COMMON',
        value: { issues: [{ field: 'body.newPassword' }] },
      });
      const withUsername = await setTo(`${member.username}x`);
      expect(withUsername.json()).toMatchObject({
        code: 'PASSWORD_HAS_USERNAME',
        value: { issues: [{ field: 'body.newPassword' }] },
      });
      expect((await login(member.username, TEST_PASSWORD)).statusCode).toBe(200);
    });

    it('when a login code is used to set a password, then it is refused (codes are bound to their purpose)', async () => {
      await createMember(db(), { dialingCode: '+63', mobileNum: '9177770002' });
      const ticket = await sliderTicket(app, db(), 'sms');
      await app.inject({
        method: 'POST',
        url: '/wps/verification/sms/noLogin',
        payload: {
          mobileNum: '9177770002',
          countryDialingCode: '+63',
          purpose: 'login',
          sliderTicket: ticket,
        },
      });
      const verificationCode = await lastSmsCode(app, '+639177770002');
      const answer = await app.inject({
        method: 'POST',
        url: MemberPaths.setByPhone,
        payload: {
          mobileNum: '9177770002',
          countryDialingCode: '+63',
          verificationCode,
          newPassword: NEW_PASSWORD,
        },
      });
      expect(answer.json().code).toBe('SMS_CODE_INVALID');
    });
  });
});
