import {
  AuditListResponseSchema,
  OperatorLoginResponseSchema,
  OperatorPaths,
} from '@fortuna/contracts/operators';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../seed/demo-members.ts';
import { DEMO_OPERATOR_TOTP_SECRET, demoOperators, seedDemoOperators } from '../../seed/demo-operators.ts';
import { buildTestApp, opsHeaders } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { bearer, createMember, solvedCaptcha, uniqueUsername } from '../../test/identity-fixtures.ts';
import { demoOperatorToken, freshTotpCode, readyOperator } from '../../test/operator-sessions.ts';
import { memberSessions } from '../identity/identity.schema.ts';
import { newOpaqueToken, tokenHash } from '../identity/secrets.ts';
import { operatorSessions, operators } from './operators.schema.ts';

/** The first password of operators made here (the demo operators have DEMO_PASSWORD). */
const PASSWORD = 'first-password-2026';

describeEachDatabase('operator accounts, sessions and audit', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    await seedDemoOperators(database().db);
    app = await buildTestApp(database());
  });
  afterAll(() => app.close());

  const login = (
    username: string,
    password: string,
    ip = '198.51.100.1',
    totpCode?: string,
    captcha: { captchaId?: string; captcha?: string } = {},
  ) =>
    app.inject({
      method: 'POST',
      url: OperatorPaths.login,
      payload: { username, password, totpCode, ...captcha },
      remoteAddress: ip,
    });

  // Each captcha is fetched from an address of its own: the captcha call allows a burst of three
  // a second per address, and who fetched it does not matter to the login that spends it.
  let captchaAddresses = 0;
  const captchaFromAnywhere = () => {
    captchaAddresses += 1;
    return solvedCaptcha(app, {}, `192.0.2.${captchaAddresses}`);
  };

  /** A demo operator's session (password and authenticator code), reused across the tests. */
  const tokenOf = (username: string) => demoOperatorToken(app, username);

  const createOperator = (headers: Record<string, string>, username: string, role = 'SUPPORT') =>
    app.inject({
      method: 'POST',
      url: OperatorPaths.operators,
      headers,
      payload: { username, password: PASSWORD, role },
    });

  it('when the seed runs twice, then the demo operators exist once each with their roles', async () => {
    await seedDemoOperators(database().db);
    for (const demo of demoOperators) {
      const rows = await database().db.select().from(operators).where(eq(operators.username, demo.username));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.role).toBe(demo.role);
    }
  });

  it('when finance01 logs in with password and code, then a token with role FINANCE valid for 8 hours, stored only as its hash', async () => {
    const code = await freshTotpCode(app, 'finance01', DEMO_OPERATOR_TOTP_SECRET);
    const answer = await login('Finance01', DEMO_PASSWORD, '198.51.100.1', code);
    expect(answer.statusCode).toBe(200);
    const value = OperatorLoginResponseSchema.parse(answer.json()).value;
    expect(value?.role).toBe('FINANCE');
    expect(value?.setupRequired).toEqual([]);
    const hours = (Date.parse(value?.expiresAt ?? '') - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(7.9);
    expect(hours).toBeLessThanOrEqual(8);
    const token = value?.token as string;
    const stored = await database()
      .db.select()
      .from(operatorSessions)
      .where(eq(operatorSessions.tokenHash, tokenHash(token)));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).not.toBe(token);
  });

  it('when the password is wrong or the user unknown, then the very same 401 answer', async () => {
    const wrong = await login('finance01', 'Wrong2026', '198.51.100.2');
    const unknown = await login('nobody0001', DEMO_PASSWORD, '198.51.100.3');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({ code: 'LOGIN_FAILED' });
  });

  it('when one address keeps failing on an operator name, then from the 3rd failure a captcha is asked, and with captchas it is held back with 429 and a Retry-After', async () => {
    const username = uniqueUsername('op');
    expect((await createOperator(opsHeaders, username)).statusCode).toBe(201);
    const answers: Awaited<ReturnType<typeof login>>[] = [];
    for (let i = 0; i < 12; i += 1) {
      const demanded = answers.at(-1)?.json().value?.captcha === true;
      answers.push(
        await login(
          username,
          'Wrong2026',
          '203.0.113.200',
          undefined,
          demanded ? await captchaFromAnywhere() : {},
        ),
      );
    }
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(answers.slice(0, 5).map((answer) => answer.json().value.captcha)).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
    // From the 5th failure each one holds the pair back longer (1 s, 2 s, 4 s …).
    const held = answers.find((answer) => answer.statusCode === 429);
    expect(held?.statusCode).toBe(429);
    expect(held?.json()).toMatchObject({ code: 'RATE_LIMITED', value: { captcha: true } });
    expect(Number(held?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Held back even with the right password and a captcha: this address is the one guessing.
    const captcha = await captchaFromAnywhere();
    const right = await login(username, PASSWORD, '203.0.113.200', undefined, captcha);
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('when an address has failed 3 times on an operator name, then a login without a right captcha is refused before the password is checked, and with one the password decides', async () => {
    const username = uniqueUsername('op');
    expect((await createOperator(opsHeaders, username)).statusCode).toBe(201);
    const ip = '203.0.113.210';
    for (let i = 0; i < 3; i += 1) expect((await login(username, 'Wrong2026', ip)).statusCode).toBe(401);

    // The right password without a captcha, or with a wrong answer: refused, and it counts as no failure.
    const without = await login(username, PASSWORD, ip);
    expect(without.statusCode).toBe(400);
    expect(without.json()).toMatchObject({ code: 'CAPTCHA_INVALID', value: { captcha: true } });
    const wrongAnswer = await captchaFromAnywhere();
    const wrong = await login(username, PASSWORD, ip, undefined, {
      ...wrongAnswer,
      captcha: `${wrongAnswer.captcha}x`,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'CAPTCHA_INVALID', value: { captcha: true } });

    // A right captcha lets the password be checked: a wrong one is LOGIN_FAILED (a captcha again
    // next time), the right one logs in.
    const wrongPassword = await login(username, 'Wrong2026', ip, undefined, await captchaFromAnywhere());
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json()).toMatchObject({ code: 'LOGIN_FAILED', value: { captcha: true } });
    const solved = await captchaFromAnywhere();
    const accepted = await login(username, PASSWORD, ip, undefined, {
      ...solved,
      captcha: solved.captcha.toUpperCase(),
    });
    expect(accepted.statusCode).toBe(200);
    expect(OperatorLoginResponseSchema.parse(accepted.json()).value?.token).toBeTruthy();
  });

  it("when an attacker fails 100 times on an operator's name, then the right password from another address still logs in at once", async () => {
    const username = uniqueUsername('op');
    expect((await createOperator(opsHeaders, username)).statusCode).toBe(201);
    for (let i = 0; i < 100; i += 1) {
      const address = `203.0.${100 + Math.floor(i / 50)}.${i % 50}`;
      expect((await login(username, 'Wrong2026', address)).statusCode).toBe(401);
    }
    // An address that fails on the attacked name gets the captcha and a delay from its first failure.
    const first = await login(username, 'Wrong2026', '203.0.113.201');
    expect(first.json()).toMatchObject({ code: 'LOGIN_FAILED', value: { captcha: true } });
    const again = await login(username, PASSWORD, '203.0.113.201');
    expect(again.statusCode).not.toBe(200);
    expect(again.json().value.captcha).toBe(true);
    // The owner, from an address that has not failed, is neither asked for a captcha nor held back.
    const owner = await login(username, PASSWORD, '198.51.100.250');
    expect(owner.statusCode).toBe(200);
    expect(OperatorLoginResponseSchema.parse(owner.json()).value?.token).toBeTruthy();
  });

  it('when one address tries too often, then it is refused (429) with a Retry-After', async () => {
    const ip = '192.0.2.77';
    const answers = [];
    for (let i = 0; i < 21; i += 1) answers.push(await login(`ghost${i}xx`, 'Wrong2026', ip));
    expect(answers.slice(0, 10).every((answer) => answer.statusCode === 401)).toBe(true);
    expect(answers.at(-1)?.statusCode).toBe(429);
    expect(Number(answers.at(-1)?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('when there are no credentials, or a member token, then /ops calls answer 401', async () => {
    const member = await createMember(database().db);
    const memberToken = newOpaqueToken();
    await database()
      .db.insert(memberSessions)
      .values({
        tokenHash: tokenHash(memberToken),
        memberId: member.id,
        kind: 'PASSWORD',
        ip: '127.0.0.1',
        expiresAt: new Date(Date.now() + 3_600_000),
      });
    for (const headers of [{}, bearer(memberToken), bearer('ops-token-guess-0000000000000')]) {
      const audit = await app.inject({ method: 'GET', url: OperatorPaths.audit, headers });
      expect(audit.statusCode).toBe(401);
      expect(audit.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
      expect((await createOperator(headers, uniqueUsername('op'))).statusCode).toBe(401);
    }
  });

  it('when FINANCE or SUPPORT creates an operator or reads the audit, then 403 and nothing written', async () => {
    const finance = await tokenOf('finance01');
    const username = uniqueUsername('op');
    const answer = await createOperator(bearer(finance), username, 'ADMIN');
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(
      (await app.inject({ method: 'GET', url: OperatorPaths.audit, headers: bearer(finance) })).statusCode,
    ).toBe(403);
    const rows = await database().db.select().from(operators).where(eq(operators.username, username));
    expect(rows).toHaveLength(0);
  });

  it('when an ADMIN creates an operator, then it can log in with its role (its first-login steps due) and the audit names who did it', async () => {
    const admin = await tokenOf('admin01');
    const username = uniqueUsername('sup');
    const created = await createOperator(bearer(admin), username, 'SUPPORT');
    expect(created.statusCode).toBe(201);
    const id = created.json().value.id as string;
    expect(created.json().value).toMatchObject({
      username,
      role: 'SUPPORT',
      status: 'ACTIVE',
      mustChangePassword: true,
      totpEnrolled: false,
    });

    const again = await login(username, PASSWORD);
    expect(again.json().value).toMatchObject({
      role: 'SUPPORT',
      setupRequired: ['CHANGE_PASSWORD', 'ENROL_TOTP'],
    });

    const [adminRow] = await database().db.select().from(operators).where(eq(operators.username, 'admin01'));
    const audit = await app.inject({
      method: 'GET',
      url: `${OperatorPaths.audit}?targetType=operator&targetId=${id}`,
      headers: bearer(admin),
    });
    expect(audit.statusCode).toBe(200);
    const entries = AuditListResponseSchema.parse(audit.json()).value?.entries ?? [];
    const creations = entries.filter((entry) => entry.action === 'operator.create');
    expect(creations).toHaveLength(1);
    expect(creations[0]).toMatchObject({
      actor: `operator:${adminRow?.id}`,
      action: 'operator.create',
      targetType: 'operator',
      targetId: id,
      details: { username, role: 'SUPPORT' },
    });
  });

  it('when the OPS_TOKEN secret creates an operator, then it acts as ADMIN with actor ops-token', async () => {
    const username = uniqueUsername('fin');
    const created = await createOperator(opsHeaders, username, 'FINANCE');
    expect(created.statusCode).toBe(201);
    const audit = await app.inject({
      method: 'GET',
      url: `${OperatorPaths.audit}?targetType=operator&targetId=${created.json().value.id}`,
      headers: opsHeaders,
    });
    expect(audit.json().value.entries[0]).toMatchObject({ actor: 'ops-token', action: 'operator.create' });
  });

  it('when a username is taken or a field is bad (a short password, one holding the username), then 409 / 400 naming the field and nothing written', async () => {
    const taken = await createOperator(opsHeaders, 'finance01', 'ADMIN');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'USERNAME_TAKEN' });
    const badRole = await createOperator(opsHeaders, uniqueUsername('op'), 'ROOT');
    expect(badRole.statusCode).toBe(400);
    expect(JSON.stringify(badRole.json().value.issues)).toContain('body.role');
    const badPassword = await app.inject({
      method: 'POST',
      url: OperatorPaths.operators,
      headers: opsHeaders,
      payload: { username: uniqueUsername('op'), password: 'short', role: 'SUPPORT' },
    });
    expect(badPassword.statusCode).toBe(400);
    expect(JSON.stringify(badPassword.json().value.issues)).toContain('body.password');
    const nameInPassword = uniqueUsername('op');
    const sameAsName = await app.inject({
      method: 'POST',
      url: OperatorPaths.operators,
      headers: opsHeaders,
      payload: {
        username: nameInPassword,
        password: `${nameInPassword.toUpperCase()}-2026`,
        role: 'SUPPORT',
      },
    });
    expect(sameAsName.statusCode).toBe(400);
    expect(sameAsName.json().value.issues).toEqual([
      { field: 'body.password', message: 'must not contain the username' },
    ]);
    expect(
      await database().db.select().from(operators).where(eq(operators.username, nameInPassword)),
    ).toEqual([]);
    const commonName = uniqueUsername('op');
    const common = await app.inject({
      method: 'POST',
      url: OperatorPaths.operators,
      headers: opsHeaders,
      payload: { username: commonName, password: 'password1234', role: 'SUPPORT' },
    });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({
      code: 'PASSWORD_TOO_COMMON',
      value: { issues: [{ field: 'body.password' }] },
    });
    expect(await database().db.select().from(operators).where(eq(operators.username, commonName))).toEqual(
      [],
    );
    const [admin] = await database().db.select().from(operators).where(eq(operators.username, 'finance01'));
    expect(admin?.role).toBe('FINANCE');
  });

  it('when an operator logs out, then the token no longer works', async () => {
    const { token } = await readyOperator(app, 'ADMIN');
    expect(
      (await app.inject({ method: 'GET', url: OperatorPaths.audit, headers: bearer(token) })).statusCode,
    ).toBe(200);
    const out = await app.inject({ method: 'DELETE', url: OperatorPaths.logout, headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: OperatorPaths.audit, headers: bearer(token) })).statusCode,
    ).toBe(401);
  });

  it('when an operator session has expired, then 401', async () => {
    const token = newOpaqueToken();
    const [finance] = await database().db.select().from(operators).where(eq(operators.username, 'admin01'));
    await database()
      .db.insert(operatorSessions)
      .values({
        tokenHash: tokenHash(token),
        operatorId: finance?.id as bigint,
        expiresAt: new Date(Date.now() - 1000),
      });
    expect(
      (await app.inject({ method: 'GET', url: OperatorPaths.audit, headers: bearer(token) })).statusCode,
    ).toBe(401);
  });
});
