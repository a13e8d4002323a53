import { ENCRYPTED_BODY_CONTENT_TYPE, EncryptionPaths } from '@fortuna/contracts/encryption';
import { PaymentPasswordStateResponseSchema, WalletCallPaths } from '@fortuna/contracts/wallet';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sealBody } from '../../platform/sealed-body/seal.ts';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { TEST_PASSWORD } from '../../test/identity-fixtures.ts';
import { loggedInMember } from '../../test/wallet-fixtures.ts';
import { members } from '../identity/identity.schema.ts';
import { call } from './wallet.test-helpers.ts';

describeEachDatabase('payment password calls', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database());
  });
  afterAll(() => app.close());

  const isSet = async (headers: Record<string, string>) =>
    PaymentPasswordStateResponseSchema.parse(
      (await call(app, 'GET', WalletCallPaths.paymentPassword, headers)).body,
    ).value?.isSet;
  const set = (headers: Record<string, string>, body: Record<string, unknown>) =>
    call(app, 'POST', WalletCallPaths.paymentPassword, headers, body);
  const storedHash = async (memberId: bigint) =>
    (await database().db.select().from(members).where(eq(members.id, memberId)))[0]?.paymentPasswordHash ??
    null;

  it('when a member sets the payment password with the login password, then it is set; changed with the old one, it changes', async () => {
    const { member, headers } = await loggedInMember(database().db, { withPaymentPassword: false });
    expect(await isSet(headers)).toBe(false);
    const first = await set(headers, {
      paymentPassword: '135790',
      confirmPaymentPassword: '135790',
      loginPassword: TEST_PASSWORD,
    });
    expect(first).toEqual({
      status: 200,
      body: { success: true, value: { isSet: true }, message: '', code: 'OK' },
    });
    expect(await isSet(headers)).toBe(true);
    const firstHash = await storedHash(member.id);

    const changed = await set(headers, {
      paymentPassword: '864200',
      confirmPaymentPassword: '864200',
      oldPaymentPassword: '135790',
    });
    expect(changed.status).toBe(200);
    expect(await storedHash(member.id)).not.toBe(firstHash);
  });

  it('when the confirmation differs, the login password or old payment password is wrong, then 400 names the field and nothing changes', async () => {
    const { member, headers } = await loggedInMember(database().db, { withPaymentPassword: false });
    const mismatch = await set(headers, {
      paymentPassword: '135790',
      confirmPaymentPassword: '135791',
      loginPassword: TEST_PASSWORD,
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.value.issues[0]).toEqual({
      field: 'body.confirmPaymentPassword',
      message: 'Incorrect confirmation input',
    });
    const wrongLogin = await set(headers, {
      paymentPassword: '135790',
      confirmPaymentPassword: '135790',
      loginPassword: 'Wrong2026x',
    });
    expect(wrongLogin.status).toBe(400);
    expect(wrongLogin.body.value.issues[0].field).toBe('body.loginPassword');
    expect(await storedHash(member.id)).toBeNull();

    await set(headers, {
      paymentPassword: '135790',
      confirmPaymentPassword: '135790',
      loginPassword: TEST_PASSWORD,
    });
    const hash = await storedHash(member.id);
    const wrongOld = await set(headers, {
      paymentPassword: '222222',
      confirmPaymentPassword: '222222',
      oldPaymentPassword: '999999',
    });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body.code).toBe('PAYMENT_PASSWORD_WRONG');
    expect(wrongOld.body.value.issues[0].field).toBe('body.oldPaymentPassword');
    expect(await storedHash(member.id)).toBe(hash);
  });

  it.each([['12345'], ['1234567'], ['abcdef'], [123456]])(
    'when the new payment password is %j, then 400 names body.paymentPassword',
    async (paymentPassword) => {
      const { headers } = await loggedInMember(database().db, { withPaymentPassword: false });
      const refused = await set(headers, {
        paymentPassword,
        confirmPaymentPassword: paymentPassword,
        loginPassword: TEST_PASSWORD,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.value.issues[0].field).toBe('body.paymentPassword');
      expect(await isSet(headers)).toBe(false);
    },
  );

  it('when the body is sealed for the server, then the payment password is set', async () => {
    const { headers } = await loggedInMember(database().db, { withPaymentPassword: false });
    const key = (await app.inject({ method: 'GET', url: EncryptionPaths.publicKey })).json().value;
    const sealed = await sealBody(
      { paymentPassword: '135790', confirmPaymentPassword: '135790', loginPassword: TEST_PASSWORD },
      key.spki,
      key.keyId,
      'POST',
      WalletCallPaths.paymentPassword,
    );
    const answer = await app.inject({
      method: 'POST',
      url: WalletCallPaths.paymentPassword,
      headers: { ...headers, 'content-type': ENCRYPTED_BODY_CONTENT_TYPE },
      payload: JSON.stringify(sealed),
    });
    expect(answer.statusCode).toBe(200);
    expect(await isSet(headers)).toBe(true);
  });

  it('when nobody or a trial account asks, then 401 or 403', async () => {
    expect((await call(app, 'GET', WalletCallPaths.paymentPassword, {})).status).toBe(401);
    const trial = await loggedInMember(database().db, { type: 4, withPaymentPassword: false });
    expect((await call(app, 'GET', WalletCallPaths.paymentPassword, trial.headers)).status).toBe(403);
  });
});
