import type { RegisterFieldRule } from '@fortuna/contracts/system';
import { describe, expect, it } from 'vitest';
import { fieldRuleMessage, registerFieldMessage, type RegisterValues, validateRegister } from './register-validation.ts';

const rule = (overrides: Partial<RegisterFieldRule> & Pick<RegisterFieldRule, 'field'>): RegisterFieldRule => ({
  enabled: true,
  required: false,
  patternId: '*',
  acceptedPattern: '*',
  minLength: 1,
  maxLength: 64,
  type: 'text',
  ...overrides,
});

describe('register field messages (spec 5)', () => {
  const cases: Array<{
    when: string;
    rule: RegisterFieldRule;
    values: RegisterValues;
    then: { key: string; values?: Record<string, string | number> } | null;
  }> = [
    {
      when: 'a required field is empty',
      rule: rule({ field: 'payeeName', required: true }),
      values: { payeeName: '  ' },
      then: { key: 'validation.required' },
    },
    {
      when: 'an optional field is empty',
      rule: rule({ field: 'payeeName', minLength: 4, patternId: '8' }),
      values: {},
      then: null,
    },
    {
      when: 'a value is shorter than the bounds',
      rule: rule({ field: 'qqNum', minLength: 5, maxLength: 12 }),
      values: { qqNum: '1234' },
      then: { key: 'validation.length', values: { min: 5, max: 12 } },
    },
    {
      when: 'the bounds are equal',
      rule: rule({ field: 'idNumber', minLength: 10, maxLength: 10 }),
      values: { idNumber: '12345' },
      then: { key: 'validation.lengthExact', values: { count: 10 } },
    },
    {
      when: 'a value breaks the pattern of its id',
      rule: rule({ field: 'qqNum', patternId: '6' }),
      values: { qqNum: '12ab' },
      then: { key: 'validation.pattern.6' },
    },
    {
      when: 'a value passes its rule',
      rule: rule({ field: 'payeeName', patternId: '21' }),
      values: { payeeName: 'Juan Cruz' },
      then: null,
    },
    {
      when: 'the username passes a lax server rule but not the username rule',
      rule: rule({ field: 'username', required: true }),
      values: { username: '1player' },
      then: { key: 'validation.usernamePattern' },
    },
    {
      when: 'the username is too short for the username rule',
      rule: rule({ field: 'username', required: true }),
      values: { username: 'abc' },
      then: { key: 'validation.length', values: { min: 6, max: 16 } },
    },
    {
      when: 'the password has no digit',
      rule: rule({ field: 'password', required: true }),
      values: { password: 'onlyletters' },
      then: { key: 'validation.passwordLetterDigit' },
    },
    {
      when: 'the password is too short',
      rule: rule({ field: 'password', required: true }),
      values: { password: 'ab1' },
      then: { key: 'validation.length', values: { min: 8, max: 64 } },
    },
    {
      when: 'the confirmation differs from the password',
      rule: rule({ field: 'confirmPassword', required: true, patternId: '5' }),
      values: { password: 'secret123', confirmPassword: 'secret124' },
      then: { key: 'validation.confirmationMismatch' },
    },
    {
      when: 'the confirmation equals the password',
      rule: rule({ field: 'confirmPassword', required: true }),
      values: { password: 'secret123', confirmPassword: 'secret123' },
      then: null,
    },
    {
      when: 'the confirmation is empty',
      rule: rule({ field: 'confirmPassword', required: true }),
      values: { password: 'secret123' },
      then: { key: 'validation.required' },
    },
    {
      when: 'the e-mail has no domain',
      rule: rule({ field: 'email' }),
      values: { email: 'player@' },
      then: { key: 'validation.email' },
    },
    {
      when: 'the mobile number has letters',
      rule: rule({ field: 'mobileNum' }),
      values: { mobileNum: '9171abc' },
      then: { key: 'validation.mobileFormat' },
    },
    {
      when: 'the verification code is longer than 255 characters',
      rule: rule({ field: 'verificationCode', maxLength: 255 }),
      values: { verificationCode: '1'.repeat(256) },
      then: { key: 'validation.length', values: { min: 1, max: 255 } },
    },
  ];

  for (const { when, rule: fieldRule, values, then } of cases) {
    it(`when ${when}, then ${then ? then.key : 'it passes'}`, () => {
      expect(registerFieldMessage(fieldRule, values)).toEqual(then);
    });
  }
});

describe('field rule problems as messages', () => {
  it('when a problem is a pattern, then its key names the pattern id', () => {
    expect(fieldRuleMessage({ kind: 'pattern', patternId: '20' })).toEqual({ key: 'validation.pattern.20' });
  });
});

describe('validating the whole form', () => {
  it('when several fields are wrong, then each gets its own message and valid ones none', () => {
    const fields = [
      rule({ field: 'username', required: true }),
      rule({ field: 'password', required: true }),
      rule({ field: 'confirmPassword', required: true }),
      rule({ field: 'email' }),
    ];
    const errors = validateRegister(fields, {
      username: 'player01',
      password: 'secret123',
      confirmPassword: 'secret',
      email: 'nope',
    });
    expect(errors).toEqual({
      confirmPassword: { key: 'validation.confirmationMismatch' },
      email: { key: 'validation.email' },
    });
  });
});
