import { describe, expect, it } from 'vitest';
import { paymentPasswordMessage } from './payment-password-rules.ts';

describe('payment password rules', () => {
  it('when a field is empty, then it is required', () => {
    expect(paymentPasswordMessage('loginPassword', {})).toEqual({ key: 'validation.required' });
    expect(paymentPasswordMessage('oldPaymentPassword', { oldPaymentPassword: '' })).toEqual({
      key: 'validation.required',
    });
  });

  it.each(['12345', '1234567', 'abcdef', '12 456'])(
    'when the new payment password is %s, then it must be 6 digits',
    (paymentPassword) => {
      expect(paymentPasswordMessage('paymentPassword', { paymentPassword })).toEqual({
        key: 'wallet.paymentPasswordRule',
      });
    },
  );

  it('when the confirmation differs, then it says so; when equal, nothing', () => {
    expect(
      paymentPasswordMessage('confirmPaymentPassword', {
        paymentPassword: '123456',
        confirmPaymentPassword: '123457',
      }),
    ).toEqual({ key: 'validation.confirmationMismatch' });
    expect(
      paymentPasswordMessage('confirmPaymentPassword', {
        paymentPassword: '123456',
        confirmPaymentPassword: '123456',
      }),
    ).toBeNull();
    expect(paymentPasswordMessage('paymentPassword', { paymentPassword: '123456' })).toBeNull();
  });
});
