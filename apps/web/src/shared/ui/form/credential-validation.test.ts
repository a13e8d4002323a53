import { CredentialMessages } from '@fortuna/contracts/credentials';
import { describe, expect, it } from 'vitest';
import {
  credentialMessageOf,
  emailMessage,
  lengthMessage,
  mobileMessage,
  newPasswordMessage,
  passwordMessage,
  smsCodeMessage,
  usernameMessage,
} from './credential-validation.ts';

describe('credential checks shown before sending (spec 5)', () => {
  const cases: Array<[string, () => unknown, unknown]> = [
    ['an empty username is required', () => usernameMessage(''), { key: 'validation.required' }],
    [
      'a username with a symbol breaks the pattern',
      () => usernameMessage('player_1'),
      { key: 'validation.usernamePattern' },
    ],
    ['a good username passes', () => usernameMessage('Player01'), null],
    ['an empty password is required', () => passwordMessage(''), { key: 'validation.required' }],
    [
      'a password with an edge space is refused',
      () => passwordMessage(' secret123'),
      { key: 'validation.passwordEdgeSpaces' },
    ],
    ['a good password passes', () => passwordMessage('secret123'), null],
    ['a missing e-mail is required', () => emailMessage(''), { key: 'validation.required' }],
    ['a good e-mail passes', () => emailMessage('player@example.com'), null],
    ['a missing phone number says so', () => mobileMessage(''), { key: 'validation.mobileRequired' }],
    [
      'a five-digit phone number is malformed',
      () => mobileMessage('12345'),
      { key: 'validation.mobileFormat' },
    ],
    ['a good phone number passes', () => mobileMessage('9171234567'), null],
    ['a missing code says so', () => smsCodeMessage(''), { key: 'validation.codeRequired' }],
    ['a five-digit code is invalid', () => smsCodeMessage('12345'), { key: 'validation.codeFormat' }],
    ['a six-digit code passes', () => smsCodeMessage('123456'), null],
    [
      'a new password is checked by the password rule',
      () => newPasswordMessage('newPassword', { newPassword: 'short', confirmNewPassword: 'short' }),
      { key: 'validation.length', values: { min: 8, max: 64 } },
    ],
    [
      'a missing confirmation is required',
      () => newPasswordMessage('confirmNewPassword', { newPassword: 'secret123', confirmNewPassword: '' }),
      { key: 'validation.required' },
    ],
    [
      'a confirmation unlike the new password is refused',
      () =>
        newPasswordMessage('confirmNewPassword', {
          newPassword: 'secret123',
          confirmNewPassword: 'secret124',
        }),
      { key: 'validation.confirmationMismatch' },
    ],
    [
      'a matching confirmation passes',
      () =>
        newPasswordMessage('confirmNewPassword', {
          newPassword: 'secret123',
          confirmNewPassword: 'secret123',
        }),
      null,
    ],
    [
      'equal bounds give one number',
      () => lengthMessage(6, 6),
      { key: 'validation.lengthExact', values: { count: 6 } },
    ],
  ];
  for (const [situation, check, expected] of cases) {
    it(`when ${situation}`, () => expect(check()).toEqual(expected));
  }

  it('when the server sends a contract credential message, then it maps to a translation key', () => {
    expect(credentialMessageOf(CredentialMessages.usernamePattern)).toEqual({
      key: 'validation.usernamePattern',
    });
    expect(credentialMessageOf('something else')).toBeNull();
  });
});
