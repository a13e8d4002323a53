import type { RegisterFieldRule } from '@fortuna/contracts/system';
import { describe, expect, it } from 'vitest';
import { registerRuleFixture } from '../../test/register-rule-fixture.ts';
import {
  fieldRuleMessage,
  type RegisterValues,
  registerFieldMessage,
  validateRegister,
} from './register-validation.ts';

const rule = (overrides: Partial<RegisterFieldRule> & Pick<RegisterFieldRule, 'field'>): RegisterFieldRule =>
  registerRuleFixture(overrides.field, overrides);

describe('register field messages (spec 5)', () => {
  const cases: Array<{
    when: string;
    rule: RegisterFieldRule;
    values: RegisterValues;
    message: { key: string; values?: Record<string, string | number> } | null;
  }> = [
    {
      when: 'a required field is empty',
      rule: rule({ field: 'payeeName', required: true }),
      values: { payeeName: '  ' },
      message: { key: 'validation.required' },
    },
    {
      when: 'an optional field is empty',
      rule: rule({ field: 'payeeName', minLength: 4, patternId: '8' }),
      values: {},
      message: null,
    },
    {
      when: 'a value is shorter than the bounds',
      rule: rule({ field: 'qqNum', minLength: 5, maxLength: 12 }),
      values: { qqNum: '1234' },
      message: { key: 'validation.length', values: { min: 5, max: 12 } },
    },
    {
      when: 'the bounds are equal',
      rule: rule({ field: 'idNumber', minLength: 10, maxLength: 10 }),
      values: { idNumber: '12345' },
      message: { key: 'validation.lengthExact', values: { count: 10 } },
    },
    {
      when: 'a value breaks the pattern of its id',
      rule: rule({ field: 'qqNum', patternId: '6' }),
      values: { qqNum: '12ab' },
      message: { key: 'validation.pattern.6' },
    },
    {
      when: 'a value passes its rule',
      rule: rule({ field: 'payeeName', patternId: '21' }),
      values: { payeeName: 'Juan Cruz' },
      message: null,
    },
    {
      when: 'the username passes a lax server rule but not the username rule',
      rule: rule({ field: 'username', required: true }),
      values: { username: '1player' },
      message: { key: 'validation.usernamePattern' },
    },
    {
      when: 'the username is too short for the username rule',
      rule: rule({ field: 'username', required: true }),
      values: { username: 'abc' },
      message: { key: 'validation.length', values: { min: 6, max: 16 } },
    },
    {
      when: 'the password has no digit',
      rule: rule({ field: 'password', required: true }),
      values: { password: 'onlyletters' },
      message: { key: 'validation.passwordLetterDigit' },
    },
    {
      when: 'the password is too short',
      rule: rule({ field: 'password', required: true }),
      values: { password: 'ab1' },
      message: { key: 'validation.length', values: { min: 8, max: 64 } },
    },
    {
      when: 'the password holds the username (the policy the server enforces)',
      rule: rule({ field: 'password', required: true }),
      values: { username: 'Juanito88', password: 'juanito88!x' },
      message: { key: 'errorCodes.PASSWORD_HAS_USERNAME' },
    },
    {
      when: 'the password holds no username',
      rule: rule({ field: 'password', required: true }),
      values: { username: 'Juanito88', password: 'Kalabaw2026' },
      message: null,
    },
    {
      when: 'the confirmation differs from the password',
      rule: rule({ field: 'confirmPassword', required: true, patternId: '5' }),
      values: { password: 'secret123', confirmPassword: 'secret124' },
      message: { key: 'validation.confirmationMismatch' },
    },
    {
      when: 'the confirmation equals the password',
      rule: rule({ field: 'confirmPassword', required: true }),
      values: { password: 'secret123', confirmPassword: 'secret123' },
      message: null,
    },
    {
      when: 'the confirmation is empty',
      rule: rule({ field: 'confirmPassword', required: true }),
      values: { password: 'secret123' },
      message: { key: 'validation.required' },
    },
    {
      when: 'the e-mail has no domain',
      rule: rule({ field: 'email' }),
      values: { email: 'player@' },
      message: { key: 'validation.email' },
    },
    {
      when: 'the mobile number has letters',
      rule: rule({ field: 'mobileNum' }),
      values: { mobileNum: '9171abc' },
      message: { key: 'validation.mobileFormat' },
    },
    {
      when: 'the verification code is longer than 255 characters',
      rule: rule({ field: 'verificationCode', maxLength: 255 }),
      values: { verificationCode: '1'.repeat(256) },
      message: { key: 'validation.length', values: { min: 1, max: 255 } },
    },
  ];

  for (const { when, rule: fieldRule, values, message } of cases) {
    it(`when ${when}, then ${message ? message.key : 'it passes'}`, () => {
      expect(registerFieldMessage(fieldRule, values)).toEqual(message);
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
