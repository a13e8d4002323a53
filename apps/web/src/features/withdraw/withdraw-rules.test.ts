import { describe, expect, it } from 'vitest';
import { payeeFieldMessage } from './payee-rules.ts';
import { timeLeftUntil } from './time-left.ts';
import { knownWithdrawMessage } from './withdraw-failures.ts';

describe('timeLeftUntil', () => {
  const now = Date.parse('2026-01-01T10:00:00Z');
  it('when 90 minutes remain, then it says 1 h 30 min', () => {
    expect(timeLeftUntil('2026-01-01T11:30:00Z', now)).toEqual({ hours: 1, minutes: 30, over: false });
  });
  it('when seconds remain, then a whole minute is still shown', () => {
    expect(timeLeftUntil('2026-01-01T10:00:20Z', now)).toEqual({ hours: 0, minutes: 1, over: false });
  });
  it('when the deadline has passed, then it is over', () => {
    expect(timeLeftUntil('2026-01-01T09:59:00Z', now)).toEqual({ hours: 0, minutes: 0, over: true });
  });
});

describe('payeeFieldMessage', () => {
  const values = {
    kind: 'BANK',
    institution: 'BDO',
    accountName: 'Juan Dela Cruz',
    accountNumber: '12345678',
  };
  it('when every field follows the rules, then nothing is said', () => {
    for (const field of ['kind', 'institution', 'accountName', 'accountNumber'] as const)
      expect(payeeFieldMessage(field, values)).toBeNull();
  });
  it('when a bank account number is too short, then the digit count of the kind is named', () => {
    expect(payeeFieldMessage('accountNumber', { ...values, accountNumber: '1234567' })).toEqual({
      key: 'withdraw.payee.accountNumberRule',
      values: { min: 8, max: 20 },
    });
  });
  it('when an e-wallet number has letters, then it is refused with the e-wallet rule', () => {
    expect(
      payeeFieldMessage('accountNumber', { ...values, kind: 'EWALLET', accountNumber: '0917abc4567' }),
    ).toEqual({
      key: 'withdraw.payee.accountNumberRule',
      values: { min: 10, max: 13 },
    });
  });
  it('when the name has digits, then the name rule is said', () => {
    expect(payeeFieldMessage('accountName', { ...values, accountName: 'Juan 2' })).toEqual({
      key: 'withdraw.payee.accountNameRule',
    });
  });
  it('when a field is empty, then it is required', () => {
    expect(payeeFieldMessage('institution', { ...values, institution: ' ' })).toEqual({
      key: 'validation.required',
    });
  });
});

describe('knownWithdrawMessage', () => {
  it("when the server names the limits, then they are said in the member's words", () => {
    expect(knownWithdrawMessage('must be from 100.00 to 50,000.00 (10000 to 5000000 minor units)')).toEqual({
      key: 'withdraw.amountRange',
      values: { min: '100.00', max: '50,000.00' },
    });
  });
  it('when the wording is unknown, then nothing is translated', () => {
    expect(knownWithdrawMessage('something else')).toBeNull();
  });
});
