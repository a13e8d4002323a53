import { describe, expect, it } from 'vitest';
import {
  forgetLogin,
  REMEMBER_ME_KEY,
  REMEMBER_ME_TTL_MS,
  type RememberedLogin,
  readRememberedLogin,
  rememberLogin,
} from './remember-me.ts';

const NOW = Date.UTC(2026, 0, 10, 12, 0, 0);

describe('remember me (spec 9, without the password)', () => {
  it('when a username is remembered, then it is read back within the day', () => {
    rememberLogin({ type: 'username', username: 'player01' }, NOW);
    expect(readRememberedLogin(NOW + REMEMBER_ME_TTL_MS - 1)).toEqual({
      type: 'username',
      username: 'player01',
    });
  });

  it('when the day has passed, then nothing is read and the entry is removed', () => {
    rememberLogin({ type: 'username', username: 'player01' }, NOW);
    expect(readRememberedLogin(NOW + REMEMBER_ME_TTL_MS)).toBeNull();
    expect(localStorage.getItem(REMEMBER_ME_KEY)).toBeNull();
  });

  it('when an SMS login is remembered, then the mobile number and its dialling code come back', () => {
    rememberLogin({ type: 'sms', mobile: '9171234567', countryDialingCode: '+63' }, NOW);
    expect(readRememberedLogin(NOW)).toEqual({
      type: 'sms',
      mobile: '9171234567',
      countryDialingCode: '+63',
    });
  });

  it('when the login object carries a password or an SMS code, then neither is ever stored', () => {
    const withSecrets = { type: 'username', username: 'player01', password: 'Secret123' } as RememberedLogin;
    rememberLogin(withSecrets, NOW);
    expect(localStorage.getItem(REMEMBER_ME_KEY)).not.toContain('Secret123');
    const smsWithCode = { type: 'sms', mobile: '9171234567', countryDialingCode: '+63', password: '654321' };
    rememberLogin(smsWithCode as RememberedLogin, NOW);
    expect(localStorage.getItem(REMEMBER_ME_KEY)).not.toContain('654321');
  });

  it('when the entry is forgotten, then nothing is remembered', () => {
    rememberLogin({ type: 'username', username: 'player01' }, NOW);
    forgetLogin();
    expect(readRememberedLogin(NOW)).toBeNull();
  });

  it('when the stored entry is unreadable, then nothing is remembered and it is removed', () => {
    localStorage.setItem(REMEMBER_ME_KEY, '{not json');
    expect(readRememberedLogin(NOW)).toBeNull();
    localStorage.setItem(
      REMEMBER_ME_KEY,
      JSON.stringify({ login: { type: 'username' }, expiresAt: NOW + 5 }),
    );
    expect(readRememberedLogin(NOW)).toBeNull();
    expect(localStorage.getItem(REMEMBER_ME_KEY)).toBeNull();
  });
});
