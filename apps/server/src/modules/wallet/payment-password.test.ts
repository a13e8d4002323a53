import { expect, it } from 'vitest';
import { createInProcessCounter } from '../../platform/rate-limit.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createMember, TEST_PASSWORD } from '../../test/identity-fixtures.ts';
import * as identityStore from '../identity/identity.store.ts';
import { hashPassword, verifyPassword } from '../identity/password-hashing.ts';
import { createPaymentPasswords } from './payment-password.ts';
import { createPaymentProofs, PAYMENT_PROOF_TTL_MS } from './payment-proofs.ts';

describeEachDatabase('payment password', (database) => {
  const passwords = () => createPaymentPasswords({ db: database().db, counter: createInProcessCounter() });

  it('when none is set, then verifying says so; setting it needs the login password', async () => {
    const member = await createMember(database().db);
    const service = passwords();
    await expect(service.verify(member.id, '123456')).rejects.toMatchObject({
      code: 'PAYMENT_PASSWORD_NOT_SET',
    });
    await expect(
      service.set(member.id, { paymentPassword: '123456', loginPassword: 'Wrong12345' }),
    ).rejects.toMatchObject({ code: 'WRONG_PASSWORD', issues: [{ field: 'body.loginPassword' }] });
    expect(await service.isSet(member.id)).toBe(false);
    await service.set(member.id, { paymentPassword: '123456', loginPassword: TEST_PASSWORD });
    await expect(service.verify(member.id, '123456')).resolves.toBeUndefined();
  });

  it('when it is changed, then the old payment password is needed and the new one works', async () => {
    const member = await createMember(database().db);
    const service = passwords();
    await service.set(member.id, { paymentPassword: '123456', loginPassword: TEST_PASSWORD });
    await expect(
      service.set(member.id, { paymentPassword: '654321', oldPaymentPassword: '000000' }),
    ).rejects.toMatchObject({
      code: 'PAYMENT_PASSWORD_WRONG',
      issues: [{ field: 'body.oldPaymentPassword' }],
    });
    await service.set(member.id, { paymentPassword: '654321', oldPaymentPassword: '123456' });
    await expect(service.verify(member.id, '123456')).rejects.toMatchObject({
      code: 'PAYMENT_PASSWORD_WRONG',
    });
    await expect(service.verify(member.id, '654321')).resolves.toBeUndefined();
  });

  it('when five wrong payment passwords were tried, then even the right one is held back', async () => {
    const member = await createMember(database().db);
    const service = passwords();
    await service.set(member.id, { paymentPassword: '123456', loginPassword: TEST_PASSWORD });
    for (let attempt = 0; attempt < 5; attempt += 1)
      await expect(service.verify(member.id, '000000')).rejects.toMatchObject({
        code: 'PAYMENT_PASSWORD_WRONG',
      });
    await expect(service.verify(member.id, '123456')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });

  /** A service whose argon2id verifies are counted, with its own proofs on a clock of the test's. */
  async function countingPasswords() {
    const member = await createMember(database().db);
    const clock = { now: 1_000_000 };
    const proofs = createPaymentProofs({ now: () => clock.now });
    const hashes = { verified: 0 };
    const service = createPaymentPasswords({
      db: database().db,
      counter: createInProcessCounter(),
      proofs,
      verifyHash: (stored, password) => {
        hashes.verified += 1;
        return verifyPassword(stored, password);
      },
    });
    await service.set(member.id, { paymentPassword: '123456', loginPassword: TEST_PASSWORD });
    hashes.verified = 0;
    return { member, service, clock, proofs, hashes };
  }

  it('when the right password was proven in a session, then it is asked again but not hashed again there', async () => {
    const { member, service, hashes } = await countingPasswords();
    await service.verify(member.id, '123456', 'session-a');
    await service.verify(member.id, '123456', 'session-a');
    await service.verify(member.id, '123456', 'session-a');
    expect(hashes.verified).toBe(1);
    await expect(service.verify(member.id, '000000', 'session-a')).rejects.toMatchObject({
      code: 'PAYMENT_PASSWORD_WRONG',
    });
    await expect(service.verify(member.id, undefined, 'session-a')).rejects.toMatchObject({
      code: 'PAYMENT_PASSWORD_WRONG',
    });
  });

  it('when a wrong password is entered again, then it is hashed again and counts as another wrong try', async () => {
    const { member, service, hashes } = await countingPasswords();
    for (let attempt = 0; attempt < 5; attempt += 1)
      await expect(service.verify(member.id, '000000', 'session-a')).rejects.toMatchObject({
        code: 'PAYMENT_PASSWORD_WRONG',
      });
    expect(hashes.verified).toBe(5);
    await expect(service.verify(member.id, '000000', 'session-a')).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
  });

  it('when the password was proven in another session, then this session pays argon2id for it', async () => {
    const { member, service, hashes } = await countingPasswords();
    await service.verify(member.id, '123456', 'session-a');
    await service.verify(member.id, '123456', 'session-b');
    expect(hashes.verified).toBe(2);
  });

  it('when the proof is older than its time, then the password is hashed again', async () => {
    const { member, service, clock, hashes } = await countingPasswords();
    await service.verify(member.id, '123456', 'session-a');
    clock.now += PAYMENT_PROOF_TTL_MS;
    await service.verify(member.id, '123456', 'session-a');
    expect(hashes.verified).toBe(2);
  });

  it('when no session is given, then every verify hashes', async () => {
    const { member, service, hashes } = await countingPasswords();
    await service.verify(member.id, '123456');
    await service.verify(member.id, '123456');
    expect(hashes.verified).toBe(2);
  });

  it('when the stored password changed elsewhere, then the proof of the old one no longer lets it through', async () => {
    const { member, service } = await countingPasswords();
    await service.verify(member.id, '123456', 'session-a');
    // As another node would change it: this node's proofs are not told.
    await identityStore.updateMember(database().db, member.id, {
      paymentPasswordHash: await hashPassword('654321'),
    });
    await expect(service.verify(member.id, '123456', 'session-a')).rejects.toMatchObject({
      code: 'PAYMENT_PASSWORD_WRONG',
    });
    await expect(service.verify(member.id, '654321', 'session-a')).resolves.toBeUndefined();
  });

  it('when the member changes the payment password here, then their proofs are dropped at once', async () => {
    const { member, service, proofs } = await countingPasswords();
    await service.verify(member.id, '123456', 'session-a');
    expect(proofs.size).toBe(1);
    await service.set(member.id, { paymentPassword: '654321', oldPaymentPassword: '123456' });
    expect(proofs.size).toBe(0);
  });

  it('when wrong tries held the member back, then a proven password is held back too', async () => {
    const { member, service } = await countingPasswords();
    await service.verify(member.id, '123456', 'session-a');
    for (let attempt = 0; attempt < 5; attempt += 1)
      await expect(service.verify(member.id, '000000', 'session-a')).rejects.toMatchObject({
        code: 'PAYMENT_PASSWORD_WRONG',
      });
    await expect(service.verify(member.id, '123456', 'session-a')).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
  });
});
