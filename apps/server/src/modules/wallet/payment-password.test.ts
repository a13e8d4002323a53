import { expect, it } from 'vitest';
import { createInProcessCounter } from '../../platform/rate-limit.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createMember, TEST_PASSWORD } from '../../test/identity-fixtures.ts';
import { createPaymentPasswords } from './payment-password.ts';

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
});
