import { OperatorPaths } from '@fortuna/contracts/operators';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemoOperators } from '../../seed/demo-operators.ts';
import { buildTestApp, opsHeaders } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import {
  freshTotpCode,
  loginOperator,
  type ReadyOperator,
  readyOperator,
} from '../../test/operator-sessions.ts';
import { auditLog, operators } from './operators.schema.ts';

describeEachDatabase(
  'operator administration by an ADMIN: disable, enable, reset authenticator and password',
  (database) => {
    let app: FastifyInstance;
    let admin: ReadyOperator;
    beforeAll(async () => {
      await seedDemoOperators(database().db);
      app = await buildTestApp(database());
      admin = await readyOperator(app, 'ADMIN');
    });
    afterAll(() => app.close());

    const post = (path: string, id: string, headers: Record<string, string>, payload?: object) =>
      app.inject({ method: 'POST', url: path.replace(':id', id), headers, ...(payload ? { payload } : {}) });
    const whoAmI = (headers: Record<string, string>) =>
      app.inject({ method: 'GET', url: OperatorPaths.session, headers });
    const rowOf = async (id: string) =>
      (
        await database()
          .db.select()
          .from(operators)
          .where(eq(operators.id, BigInt(id)))
      )[0];
    const trailOf = (id: string, action: string) =>
      database()
        .db.select()
        .from(auditLog)
        .where(
          and(eq(auditLog.targetType, 'operator'), eq(auditLog.targetId, id), eq(auditLog.action, action)),
        );
    const codeOf = (operator: ReadyOperator) => freshTotpCode(app, operator.username, operator.totpSecret);

    it('when an ADMIN disables an operator, then their session ends at once, login is refused, and enabling lets them in again; both audited', async () => {
      const finance = await readyOperator(app, 'FINANCE');
      expect((await whoAmI(finance.headers)).statusCode).toBe(200);
      const disabled = await post(OperatorPaths.disable, finance.id, admin.headers);
      expect(disabled.statusCode).toBe(200);
      expect(disabled.json().value).toMatchObject({ id: finance.id, status: 'DISABLED' });
      expect((await whoAmI(finance.headers)).statusCode).toBe(401);
      const refused = await loginOperator(app, {
        username: finance.username,
        password: finance.password,
        totpCode: '123456', // refused before the code is looked at: none is used up
      });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'LOGIN_FAILED' });

      expect((await post(OperatorPaths.enable, finance.id, admin.headers)).json().value.status).toBe(
        'ACTIVE',
      );
      const back = await loginOperator(app, {
        username: finance.username,
        password: finance.password,
        totpCode: await codeOf(finance),
      });
      expect(back.statusCode).toBe(200);
      for (const action of ['operator.disable', 'operator.enable']) {
        const [entry] = await trailOf(finance.id, action);
        expect(entry?.actor).toBe(`operator:${admin.id}`);
        expect(entry?.createdAt).toBeInstanceOf(Date);
      }
    });

    it('when an ADMIN disables themselves, then 409 OPERATOR_IS_SELF and they stay active', async () => {
      const answer = await post(OperatorPaths.disable, admin.id, admin.headers);
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toMatchObject({ code: 'OPERATOR_IS_SELF' });
      expect((await rowOf(admin.id))?.status).toBe('ACTIVE');
      expect((await whoAmI(admin.headers)).statusCode).toBe(200);
    });

    it("when an ADMIN resets an operator's authenticator, then their sessions end and they must enrol again before anything else", async () => {
      const support = await readyOperator(app, 'SUPPORT');
      const reset = await post(OperatorPaths.resetTotp, support.id, admin.headers);
      expect(reset.statusCode).toBe(200);
      expect(reset.json().value).toMatchObject({ totpEnrolled: false, mustChangePassword: false });
      expect((await whoAmI(support.headers)).statusCode).toBe(401);
      expect((await rowOf(support.id))?.totpSecret).toBeNull();

      const relogin = await loginOperator(app, { username: support.username, password: support.password });
      expect(relogin.statusCode).toBe(200);
      expect(relogin.json().value.setupRequired).toEqual(['ENROL_TOTP']);
      const held = await app.inject({
        method: 'GET',
        url: '/ops/feedback',
        headers: { authorization: `Bearer ${relogin.json().value.token}` },
      });
      expect(held.json()).toMatchObject({ code: 'OPERATOR_SETUP_REQUIRED' });
      expect(await trailOf(support.id, 'operator.totp.reset')).toMatchObject([
        { actor: `operator:${admin.id}` },
      ]);
    });

    it("when an ADMIN resets an operator's password, then the old one fails, the temporary one must be changed at the next login", async () => {
      const finance = await readyOperator(app, 'FINANCE');
      const reset = await post(OperatorPaths.resetPassword, finance.id, admin.headers, {
        temporaryPassword: 'temporary-again-2026',
      });
      expect(reset.statusCode).toBe(200);
      expect(reset.json().value.mustChangePassword).toBe(true);
      expect((await whoAmI(finance.headers)).statusCode).toBe(401);
      const old = await loginOperator(app, {
        username: finance.username,
        password: finance.password,
        totpCode: '123456', // refused before the code is looked at
      });
      expect(old.json()).toMatchObject({ code: 'LOGIN_FAILED' });
      const temporary = await loginOperator(app, {
        username: finance.username,
        password: 'temporary-again-2026',
        totpCode: await codeOf(finance),
      });
      expect(temporary.statusCode).toBe(200);
      expect(temporary.json().value.setupRequired).toEqual(['CHANGE_PASSWORD']);
      const [entry] = await trailOf(finance.id, 'operator.password.reset');
      expect(entry?.actor).toBe(`operator:${admin.id}`);
      expect(JSON.stringify(entry?.details)).not.toContain('temporary-again-2026');

      const own = await post(OperatorPaths.resetPassword, admin.id, admin.headers, {
        temporaryPassword: 'temporary-again-2026',
      });
      expect(own.json()).toMatchObject({ code: 'OPERATOR_IS_SELF' });
    });

    it('when FINANCE or SUPPORT calls the ADMIN account calls, then 403 and nothing changes', async () => {
      const finance = await readyOperator(app, 'FINANCE');
      const target = await readyOperator(app, 'SUPPORT');
      for (const path of [OperatorPaths.disable, OperatorPaths.resetTotp, OperatorPaths.enable]) {
        const answer = await post(path, target.id, finance.headers);
        expect(answer.statusCode, path).toBe(403);
      }
      expect(
        (
          await post(OperatorPaths.resetPassword, target.id, finance.headers, {
            temporaryPassword: 'x'.repeat(14),
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (await app.inject({ method: 'GET', url: OperatorPaths.operators, headers: finance.headers }))
          .statusCode,
      ).toBe(403);
      expect((await whoAmI(target.headers)).statusCode).toBe(200);
      expect(await rowOf(target.id)).toMatchObject({ status: 'ACTIVE', mustChangePassword: false });
    });

    it.each([
      ['a non-numeric id', OperatorPaths.disable, 'abc', undefined, 400, 'params.id'],
      ['an id above 2^63-1', OperatorPaths.disable, '99999999999999999999', undefined, 400, 'params.id'],
      ['a NUL byte in the id', OperatorPaths.resetTotp, '1%00', undefined, 400, 'params.id'],
      ['an unknown id', OperatorPaths.disable, '987654321', undefined, 404, undefined],
      [
        'a temporary password of the wrong type',
        OperatorPaths.resetPassword,
        'TARGET',
        { temporaryPassword: 123 },
        400,
        'body.temporaryPassword',
      ],
      [
        'a huge temporary password',
        OperatorPaths.resetPassword,
        'TARGET',
        { temporaryPassword: 'y'.repeat(10_000) },
        400,
        'body.temporaryPassword',
      ],
      [
        'a NUL byte in the temporary password',
        OperatorPaths.resetPassword,
        'TARGET',
        { temporaryPassword: 'abc\u0000defghijklmn' },
        400,
        'body.temporaryPassword',
      ],
      [
        'a temporary password holding the username',
        OperatorPaths.resetPassword,
        'TARGET',
        { temporaryPassword: 'USERNAME' },
        400,
        'body.temporaryPassword',
      ],
    ] as const)(
      'when an ADMIN sends %s, then %s answers naming the field and nothing changes',
      async (_label, path, id, payload, status, field) => {
        const target = await readyOperator(app, 'SUPPORT');
        const before = await rowOf(target.id);
        const body =
          payload && payload.temporaryPassword === 'USERNAME'
            ? { temporaryPassword: `${target.username}-2026-x` }
            : payload;
        const answer = await post(path, id === 'TARGET' ? target.id : id, admin.headers, body);
        expect(answer.statusCode).toBe(status);
        if (field)
          expect(answer.json().value.issues.map((issue: { field: string }) => issue.field)).toContain(field);
        expect(await rowOf(target.id)).toEqual(before);
        expect((await whoAmI(target.headers)).statusCode).toBe(200);
      },
    );

    it('when only one ADMIN is active, then nobody can disable them, not even the OPS_TOKEN', async () => {
      // Leave `admin` the only active ADMIN: disable every other one (admin01 among them).
      const others = await database()
        .db.select()
        .from(operators)
        .where(and(eq(operators.role, 'ADMIN'), eq(operators.status, 'ACTIVE')));
      for (const other of others.filter((row) => row.id.toString() !== admin.id)) {
        expect((await post(OperatorPaths.disable, other.id.toString(), admin.headers)).statusCode).toBe(200);
      }
      const answer = await post(OperatorPaths.disable, admin.id, opsHeaders);
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toMatchObject({ code: 'LAST_ACTIVE_ADMIN' });
      expect((await whoAmI(admin.headers)).statusCode).toBe(200);

      // With a second ADMIN back, the first may be disabled (by the break-glass, audited as such).
      const [admin01] = await database().db.select().from(operators).where(eq(operators.username, 'admin01'));
      await post(OperatorPaths.enable, String(admin01?.id), admin.headers);
      expect((await post(OperatorPaths.disable, admin.id, opsHeaders)).statusCode).toBe(200);
      expect(await trailOf(admin.id, 'operator.disable')).toMatchObject([{ actor: 'ops-token' }]);
    });
  },
);
