import { RegisterMobileRequestSchema, RegisterRequestSchema } from '@fortuna/contracts/member';
import type { RegisterFieldRule } from '@fortuna/contracts/system';
import { describe, expect, it } from 'vitest';
import { registerRuleFixture } from '../../test/register-rule-fixture.ts';
import { registerCall } from './register-request.ts';

const shown = (...names: RegisterFieldRule['field'][]): RegisterFieldRule[] =>
  names.map((field) => registerRuleFixture(field));

const context = {
  captchaId: 'cap-1',
  referralCode: 'ABC',
  href: 'https://fortuna.example/register?referralCode=ABC',
  hostname: 'fortuna.example',
};

describe('register payload (spec 3)', () => {
  it('when registering by username, then filled fields, captcha id, referral code and origin are sent', () => {
    const call = registerCall(
      'username',
      shown('username', 'password', 'confirmPassword', 'email', 'mobileNum', 'captcha'),
      {
        username: ' player01 ',
        password: 'secret 123',
        confirmPassword: 'secret 123',
        email: '',
        mobileNum: '9171234567',
        countryDialingCode: '+63',
        captcha: 'ab12',
      },
      context,
    );
    expect(call).toEqual({
      method: 'username',
      body: {
        username: 'player01',
        password: 'secret 123',
        confirmPassword: 'secret 123',
        mobileNum: '9171234567',
        countryDialingCode: '+63',
        captcha: 'ab12',
        captchaId: 'cap-1',
        referralCode: 'ABC',
        registerUrl: context.href,
        domain: 'fortuna.example',
        registerMethod: 'WEB',
        login: true,
      },
    });
    expect(RegisterRequestSchema.safeParse(call.body).success).toBe(true);
  });

  it('when registering by mobile, then the number and its dialling code make the account', () => {
    const call = registerCall(
      'mobile',
      shown('mobileNum', 'verificationCode'),
      { mobileNum: '9171234567', countryDialingCode: '+63', verificationCode: '123456' },
      { ...context, referralCode: null },
    );
    expect(call.body).not.toHaveProperty('referralCode');
    expect(RegisterMobileRequestSchema.parse(call.body)).toMatchObject({
      mobileNum: '9171234567',
      countryDialingCode: '+63',
      verificationCode: '123456',
      login: true,
    });
  });
});
