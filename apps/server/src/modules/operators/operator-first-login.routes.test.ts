import { OperatorPaths } from '@fortuna/contracts/operators';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, opsHeaders } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { bearer, solvedCaptcha, uniqueUsername } from '../../test/identity-fixtures.ts';
import { freshTotpCode, loginOperator, readyOperator } from '../../test/operator-sessions.ts';
import { auditLog, operators } from './operators.schema.ts';

const FIRST_PASSWORD = 'given-by-admin-2026';
const OWN_PASSWORD = 'my-own-passphrase-77';

describeEachDatabase(
  'operator first login: new password and authenticator before anything else',
  (database) => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildTestApp(database());
    });
    afterAll(() => app.close());

    const call = (
      method: 'GET' | 'POST' | 'PUT',
      url: string,
      headers: Record<string, string>,
      payload?: object,
    ) => app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

    async function newAdmin(): Promise<{ username: string; id: string }> {
      const username = uniqueUsername('adm');
      const created = await call('POST', OperatorPaths.operators, opsHeaders, {
        username,
        password: FIRST_PASSWORD,
        role: 'ADMIN',
      });
      expect(created.statusCode).toBe(201);
      return { username, id: created.json().value.id };
    }

    it('when a new ADMIN logs in the first time, then only the password change and the enrolment answer until both are done', async () => {
      const { username, id } = await newAdmin();
      const first = await loginOperator(app, { username, password: FIRST_PASSWORD });
      expect(first.statusCode).toBe(200);
      expect(first.json().value.setupRequired).toEqual(['CHANGE_PASSWORD', 'ENROL_TOTP']);
      const session = bearer(first.json().value.token);

      const held = await call('GET', OperatorPaths.audit, session);
      expect(held.statusCode).toBe(403);
      expect(held.json()).toMatchObject({
        code: 'OPERATOR_SETUP_REQUIRED',
        value: { setupRequired: ['CHANGE_PASSWORD', 'ENROL_TOTP'] },
      });
      const createWhileHeld = await call('POST', OperatorPaths.operators, session, {
        username: uniqueUsername('sneak'),
        password: FIRST_PASSWORD,
        role: 'ADMIN',
      });
      expect(createWhileHeld.statusCode).toBe(403);
      expect((await call('PUT', '/ops/system/maintenance', session, { enabled: true })).statusCode).toBe(403);
      expect((await call('GET', OperatorPaths.session, session)).json().value).toEqual({
        operatorId: id,
        username,
        role: 'ADMIN',
        setupRequired: ['CHANGE_PASSWORD', 'ENROL_TOTP'],
      });

      const wrongCurrent = await call('POST', OperatorPaths.password, session, {
        currentPassword: 'not-the-password-1',
        newPassword: OWN_PASSWORD,
      });
      expect(wrongCurrent.statusCode).toBe(400);
      expect(wrongCurrent.json()).toMatchObject({
        code: 'WRONG_PASSWORD',
        value: { issues: [{ field: 'body.currentPassword' }] },
      });
      for (const [newPassword, message] of [
        ['short-2026', 'must be 12 to 128 characters'],
        [`${username}-forever`, 'must not contain the username'],
        [FIRST_PASSWORD, 'must differ from the current password'],
      ]) {
        const weak = await call('POST', OperatorPaths.password, session, {
          currentPassword: FIRST_PASSWORD,
          newPassword,
        });
        expect(weak.statusCode, newPassword).toBe(400);
        expect(weak.json().value.issues).toEqual([{ field: 'body.newPassword', message }]);
      }
      // The members' password policy (ADR 022) holds for operators too: a common password is refused.
      for (const newPassword of ['password1234', 'qwertyuiop123']) {
        const common = await call('POST', OperatorPaths.password, session, {
          currentPassword: FIRST_PASSWORD,
          newPassword,
        });
        expect(common.statusCode, newPassword).toBe(400);
        expect(common.json()).toMatchObject({
          code: 'PASSWORD_TOO_COMMON',
          value: { issues: [{ field: 'body.newPassword' }] },
        });
      }
      const changed = await call('POST', OperatorPaths.password, session, {
        currentPassword: FIRST_PASSWORD,
        newPassword: OWN_PASSWORD,
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().value.setupRequired).toEqual(['ENROL_TOTP']);
      expect((await call('GET', OperatorPaths.audit, session)).json()).toMatchObject({
        code: 'OPERATOR_SETUP_REQUIRED',
        value: { setupRequired: ['ENROL_TOTP'] },
      });

      const early = await call('POST', OperatorPaths.totpConfirmation, session, { code: '123456' });
      expect(early.json()).toMatchObject({ code: 'TOTP_ENROLMENT_NOT_STARTED' });
      const started = await call('POST', OperatorPaths.totpEnrolment, session);
      expect(started.statusCode).toBe(200);
      const { secret, otpauthUri } = started.json().value;
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(otpauthUri).toBe(
        `otpauth://totp/Fortuna%20operators:${username}?secret=${secret}&issuer=Fortuna%20operators`,
      );
      const wrongCode = await call('POST', OperatorPaths.totpConfirmation, session, { code: '000000' });
      expect(wrongCode.statusCode).toBe(400);
      expect(wrongCode.json().value.issues[0].field).toBe('body.code');
      const enrolmentCode = await freshTotpCode(app, username, secret);
      const confirmed = await call('POST', OperatorPaths.totpConfirmation, session, { code: enrolmentCode });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json().value.setupRequired).toEqual([]);

      expect((await call('GET', OperatorPaths.audit, session)).statusCode).toBe(200);
      expect((await call('POST', OperatorPaths.totpEnrolment, session)).json()).toMatchObject({
        code: 'TOTP_ALREADY_ENROLLED',
      });
      // The secret was shown once: no call tells it again.
      const list = await call('GET', OperatorPaths.operators, session);
      expect(list.body).not.toContain(secret);
      expect((await call('GET', OperatorPaths.session, session)).body).not.toContain(secret);

      const trail = await database()
        .db.select({ actor: auditLog.actor, action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.targetId, id));
      expect(trail.map((entry) => entry.action)).toEqual(
        expect.arrayContaining([
          'operator.create',
          'operator.login',
          'operator.password.change',
          'operator.totp.enrol',
        ]),
      );
    });

    it('when an enrolled operator logs in, then the code is asked for, and a wrong or replayed code is refused', async () => {
      const ready = await readyOperator(app, 'FINANCE');
      const passwordOnly = await loginOperator(app, { username: ready.username, password: ready.password });
      expect(passwordOnly.statusCode).toBe(401);
      expect(passwordOnly.json()).toMatchObject({
        code: 'TOTP_REQUIRED',
        value: { issues: [{ field: 'body.totpCode' }] },
      });
      const wrongPasswordWithCode = await loginOperator(app, {
        username: ready.username,
        password: 'wrong-password-2026',
        totpCode: '123456',
      });
      expect(wrongPasswordWithCode.json()).toMatchObject({ code: 'LOGIN_FAILED' });
      const wrong = await loginOperator(app, { ...ready, totpCode: '000000' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({ code: 'TOTP_CODE_INVALID' });

      const code = await freshTotpCode(app, ready.username, ready.totpSecret);
      const right = await loginOperator(app, {
        username: ready.username,
        password: ready.password,
        totpCode: code,
      });
      expect(right.statusCode).toBe(200);
      expect(right.json().value.setupRequired).toEqual([]);
      const replayed = await loginOperator(app, {
        username: ready.username,
        password: ready.password,
        totpCode: code,
      });
      expect(replayed.statusCode).toBe(401);
      expect(replayed.json()).toMatchObject({ code: 'TOTP_CODE_INVALID' });
    });

    it('when wrong authenticator codes keep coming from one address, then a captcha from the 3rd and then 429: the 6 digits cannot be guessed through', async () => {
      const ready = await readyOperator(app, 'ADMIN');
      const answers: Awaited<ReturnType<typeof loginOperator>>[] = [];
      for (let i = 0; i < 12; i += 1) {
        const demanded = answers.at(-1)?.json().value?.captcha === true;
        // Fetched from addresses of their own, past the captcha call's burst limit.
        const captcha = demanded ? await solvedCaptcha(app, {}, `192.0.2.${100 + i}`) : {};
        const guess = String(100_000 + i);
        answers.push(
          await loginOperator(
            app,
            { username: ready.username, password: ready.password, totpCode: guess, ...captcha },
            '203.0.113.77',
          ),
        );
      }
      expect(answers.slice(0, 3).map((answer) => answer.json())).toMatchObject([
        { code: 'TOTP_CODE_INVALID', value: { captcha: false } },
        { code: 'TOTP_CODE_INVALID', value: { captcha: false } },
        { code: 'TOTP_CODE_INVALID', value: { captcha: true } },
      ]);
      const withoutCaptcha = await loginOperator(
        app,
        { username: ready.username, password: ready.password, totpCode: '123456' },
        '203.0.113.77',
      );
      expect([400, 429]).toContain(withoutCaptcha.statusCode);
      expect(answers.map((answer) => answer.statusCode)).toContain(429);
    });

    it('when an operator changes the password, then their other sessions end and this one goes on', async () => {
      const ready = await readyOperator(app, 'SUPPORT');
      const other = await loginOperator(app, {
        username: ready.username,
        password: ready.password,
        totpCode: await freshTotpCode(app, ready.username, ready.totpSecret),
      });
      const otherSession = bearer(other.json().value.token);
      expect((await call('GET', OperatorPaths.session, otherSession)).statusCode).toBe(200);
      const changed = await call('POST', OperatorPaths.password, ready.headers, {
        currentPassword: ready.password,
        newPassword: 'another-passphrase-31',
      });
      expect(changed.statusCode).toBe(200);
      expect((await call('GET', OperatorPaths.session, otherSession)).statusCode).toBe(401);
      expect((await call('GET', OperatorPaths.session, ready.headers)).statusCode).toBe(200);
    });

    it('when the OPS_TOKEN calls the own-account calls, then 403: it is no operator account', async () => {
      for (const [method, url] of [
        ['GET', OperatorPaths.session],
        ['POST', OperatorPaths.totpEnrolment],
      ] as const) {
        const answer = await call(method, url, opsHeaders);
        expect(answer.statusCode).toBe(403);
      }
    });

    it.each([
      [
        'a number as the new password',
        { currentPassword: FIRST_PASSWORD, newPassword: 123456789012 },
        'body.newPassword',
      ],
      [
        'a NUL byte in the new password',
        { currentPassword: FIRST_PASSWORD, newPassword: 'abc\u0000defghijklm' },
        'body.newPassword',
      ],
      [
        'a 10,000-character password (within the body limit)',
        { currentPassword: FIRST_PASSWORD, newPassword: 'x'.repeat(10_000) },
        'body.newPassword',
      ],
      [
        'a NUL byte in the current password',
        { currentPassword: 'a\u0000b', newPassword: OWN_PASSWORD },
        'body.currentPassword',
      ],
      ['no current password', { newPassword: OWN_PASSWORD }, 'body.currentPassword'],
    ])(
      'when the password change carries %s, then 400 naming the field and the password is unchanged',
      async (_label, payload, field) => {
        const { username } = await newAdmin();
        const session = bearer(
          (await loginOperator(app, { username, password: FIRST_PASSWORD })).json().value.token,
        );
        const before = await database().db.select().from(operators).where(eq(operators.username, username));
        const answer = await call('POST', OperatorPaths.password, session, payload);
        expect(answer.statusCode).toBe(400);
        expect(answer.json().value.issues.map((issue: { field: string }) => issue.field)).toContain(field);
        expect(await database().db.select().from(operators).where(eq(operators.username, username))).toEqual(
          before,
        );
      },
    );

    it.each([
      ['a code of letters', { code: 'abcdef' }],
      ['a NUL byte', { code: '12\u00003456' }],
      ['a number', { code: 123456 }],
      ['a 10,000-digit string', { code: '1'.repeat(10_000) }],
    ])(
      'when the enrolment is confirmed with %s, then 400 naming body.code and nothing is enrolled',
      async (_label, payload) => {
        const { username } = await newAdmin();
        const session = bearer(
          (await loginOperator(app, { username, password: FIRST_PASSWORD })).json().value.token,
        );
        await call('POST', OperatorPaths.totpEnrolment, session);
        const answer = await call('POST', OperatorPaths.totpConfirmation, session, payload);
        expect(answer.statusCode).toBe(400);
        expect(answer.json().value.issues[0].field).toBe('body.code');
        const [row] = await database().db.select().from(operators).where(eq(operators.username, username));
        expect(row?.totpEnrolledAt).toBeNull();
      },
    );

    it('when a body is larger than the call takes, then 413 before it is read, and nothing changes', async () => {
      const { username } = await newAdmin();
      const session = bearer(
        (await loginOperator(app, { username, password: FIRST_PASSWORD })).json().value.token,
      );
      const before = await database().db.select().from(operators).where(eq(operators.username, username));
      const answer = await call('POST', OperatorPaths.password, session, {
        currentPassword: FIRST_PASSWORD,
        newPassword: 'x'.repeat(100_000),
      });
      expect(answer.statusCode).toBe(413);
      expect(await database().db.select().from(operators).where(eq(operators.username, username))).toEqual(
        before,
      );
    });

    it('when a login carries a NUL byte or a code of the wrong shape, then 400 naming the field', async () => {
      const nul = await loginOperator(app, { username: 'admin\u000001', password: 'whatever-2026' });
      expect(nul.statusCode).toBe(400);
      expect(nul.json().value.issues[0].field).toBe('body.username');
      const badCode = await loginOperator(app, {
        username: 'admin01',
        password: 'whatever-2026',
        totpCode: '12',
      });
      expect(badCode.statusCode).toBe(400);
      expect(badCode.json().value.issues[0].field).toBe('body.totpCode');
    });
  },
);
