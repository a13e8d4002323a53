import { describe, expect, it } from 'vitest';
import { payeeFieldMessage } from './payee-rules.ts';

const valid = { institution: 'BDO', accountName: 'Juan Dela Cruz', accountNumber: '1234567890' };

describe('payee account rules', () => {
  it('when every field follows the contract, then nothing is said', () => {
    for (const field of ['institution', 'accountName', 'accountNumber'] as const)
      expect(payeeFieldMessage(field, 'BANK', valid)).toBeNull();
  });

  it('when a field is blank, then it is required', () => {
    expect(payeeFieldMessage('institution', 'BANK', { ...valid, institution: '  ' })).toEqual({
      key: 'validation.required',
    });
  });

  it('when the name has digits, then the name rule is named', () => {
    expect(payeeFieldMessage('accountName', 'BANK', { ...valid, accountName: 'Juan 2' })).toEqual({
      key: 'wallet.payee.nameRule',
    });
  });

  it('when the institution has symbols, then the institution rule is named', () => {
    expect(payeeFieldMessage('institution', 'BANK', { ...valid, institution: 'B<D>O' })).toEqual({
      key: 'wallet.payee.institutionRule',
    });
  });

  it('when the number does not fit the kind, then the bounds of that kind are named', () => {
    expect(payeeFieldMessage('accountNumber', 'BANK', { ...valid, accountNumber: '1234567' })).toEqual({
      key: 'wallet.payee.numberRule',
      values: { min: 8, max: 20 },
    });
    expect(
      payeeFieldMessage('accountNumber', 'EWALLET', { ...valid, accountNumber: '09171234567890' }),
    ).toEqual({
      key: 'wallet.payee.numberRule',
      values: { min: 10, max: 13 },
    });
    expect(
      payeeFieldMessage('accountNumber', 'EWALLET', { ...valid, accountNumber: '09171234567' }),
    ).toBeNull();
  });
});
