import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { DEMO_DEFAULT_PASSWORD, DEMO_PASSWORD } from '../../seed/demo-members.ts';
import { enforcePasswordPolicy, passwordRefusal } from './password-policy.ts';

const site = { brandName: 'Fortuna', defaultPassword: 'Fortuna123' };
const codeOf = (password: string, context = {}) =>
  passwordRefusal(password, { ...site, ...context })?.code ?? null;

describe('password policy (NIST SP 800-63B)', () => {
  it.each(['password1', '12345678a', 'qwerty123', 'P@ssw0rd1', 'iloveyou1', 'abc12345', 'Sunshine2024'])(
    'when the password is %s, a common or breached one, then it is refused as too common',
    (password) => {
      expect(codeOf(password)).toBe('PASSWORD_TOO_COMMON');
    },
  );

  it('when the password is or contains the username, forwards or backwards, then it is refused', () => {
    expect(codeOf('juanreyes1', { username: 'juanreyes1' })).toBe('PASSWORD_HAS_USERNAME');
    expect(codeOf('JuanReyes1!x', { username: 'juanreyes1' })).toBe('PASSWORD_HAS_USERNAME');
    expect(codeOf('1seyernauj9', { username: 'juanreyes1' })).toBe('PASSWORD_HAS_USERNAME');
    expect(codeOf('x639171234567', { username: '639171234567' })).toBe('PASSWORD_HAS_USERNAME');
  });

  it("when the password is the demo password, the site's default or the brand's name with digits, then it is refused", () => {
    expect(codeOf(DEMO_PASSWORD)).toBe('PASSWORD_KNOWN_DEFAULT');
    expect(codeOf(DEMO_DEFAULT_PASSWORD)).toBe('PASSWORD_KNOWN_DEFAULT');
    expect(codeOf('fortuna2026')).toBe('PASSWORD_KNOWN_DEFAULT');
    expect(codeOf('Fortuna!2027')).toBe('PASSWORD_KNOWN_DEFAULT');
    expect(codeOf('Kalabaw2088', { defaultPassword: 'Kalabaw2088' })).toBe('PASSWORD_KNOWN_DEFAULT');
    expect(codeOf('Lucky8888', { brandName: 'Lucky Star Casino' })).toBe('PASSWORD_KNOWN_DEFAULT');
  });

  it('when the password is long, unusual or a passphrase, then it is accepted', () => {
    for (const password of [
      'Kalabaw77',
      'correct horse battery 1',
      'Xk9!mQ2@vL7#pR4$wT6%yU8^zN1&bC3*',
      `${'Tr0ub4dor&3'.repeat(5)}xyz1`.slice(0, 64),
      'Fortunate kalabaw 7',
    ])
      expect(codeOf(password, { username: 'juanreyes1' }), password).toBeNull();
  });

  it("when the password breaks the contract's rule, then it is refused naming the field, with the rule's wording", () => {
    for (const [password, message] of [
      ['Ab1', 'must be 8 to 64 characters'],
      [`${'Ab1'.repeat(21)}xy`, 'must be 8 to 64 characters'],
      ['abcdefghij', 'must contain at least one letter and one digit'],
      [' Kalabaw77', 'must not start or end with a space'],
    ] as const) {
      const thrown = (() => {
        try {
          enforcePasswordPolicy(password, site, 'body.newPassword');
        } catch (error) {
          return error;
        }
      })();
      expect(thrown).toBeInstanceOf(AppError);
      expect(thrown).toMatchObject({
        code: 'VALIDATION_FAILED',
        status: 400,
        issues: [{ field: 'body.newPassword', message }],
      });
    }
  });

  it('when a refused password is enforced, then the 400 names the field with the catalogue wording', () => {
    expect(() => enforcePasswordPolicy('password1', site, 'body.password')).toThrow(
      expect.objectContaining({
        code: 'PASSWORD_TOO_COMMON',
        status: 400,
        issues: [
          {
            field: 'body.password',
            message: 'This password is too common or too easy to guess, please choose another',
          },
        ],
      }),
    );
    expect(() => enforcePasswordPolicy('Kalabaw77', site, 'body.password')).not.toThrow();
  });
});
