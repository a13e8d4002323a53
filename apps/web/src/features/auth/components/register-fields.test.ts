import type { RegisterFieldRule } from '@fortuna/contracts/system';
import { describe, expect, it } from 'vitest';
import { registerRuleFixture } from '../../../test/register-rule-fixture.ts';
import { type RegisterFormOptions, registerFields } from './register-fields.ts';

const rule = (field: RegisterFieldRule['field'], enabled = true, required = false): RegisterFieldRule =>
  registerRuleFixture(field, { enabled, required });

const byUsername: RegisterFormOptions = { method: 'username', mobilePassword: false, smsVerification: false };
const names = (fields: RegisterFieldRule[]) => fields.map((field) => field.field);

describe('register fields (spec 2.10)', () => {
  const rules = [
    rule('username', true, true),
    rule('password', true, true),
    rule('email', false),
    rule('mobileNum'),
    rule('wechat'),
    rule('captcha', true, true),
    rule('verificationCode'),
  ];

  it('when a rule is disabled, then its field is not shown; the captcha comes last', () => {
    expect(names(registerFields(rules, byUsername))).toEqual([
      'username',
      'password',
      'confirmPassword',
      'mobileNum',
      'wechat',
      'captcha',
    ]);
  });

  it('when the server omits the confirmation, then it is asked for anyway and required', () => {
    const confirm = registerFields(rules, byUsername).find((field) => field.field === 'confirmPassword');
    expect(confirm?.required).toBe(true);
  });

  it('when registering by mobile without a password, then the number is the account and no password shows', () => {
    expect(names(registerFields(rules, { ...byUsername, method: 'mobile' }))).toEqual([
      'mobileNum',
      'wechat',
      'captcha',
    ]);
  });

  it('when registering by mobile with a password and SMS verification, then code and passwords follow the number', () => {
    expect(
      names(registerFields(rules, { method: 'mobile', mobilePassword: true, smsVerification: true })),
    ).toEqual(['mobileNum', 'verificationCode', 'password', 'confirmPassword', 'wechat', 'captcha']);
  });

  it('when SMS verification is on for a username registration, then the mobile number becomes required with its code', () => {
    const fields = registerFields([rule('mobileNum', false)], { ...byUsername, smsVerification: true });
    expect(names(fields)).toEqual([
      'username',
      'password',
      'confirmPassword',
      'mobileNum',
      'verificationCode',
    ]);
    expect(fields.find((field) => field.field === 'mobileNum')?.required).toBe(true);
  });
});
