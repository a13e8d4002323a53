import { describe, expect, it } from 'vitest';
import { readCookie } from '../../platform/cookies.ts';
import { clearedStateCookie, stateCookie } from './state-cookie.ts';

describe('state cookie', () => {
  it('when the state cookie is set, then it is HttpOnly, Lax, scoped to the social routes and lives ten minutes', () => {
    expect(stateCookie('google', 'abc_-1', false)).toBe(
      'fortuna_social_google=abc_-1; Path=/wps/session/social; Max-Age=600; HttpOnly; SameSite=Lax',
    );
    expect(stateCookie('facebook', 'x', true)).toMatch(/^fortuna_social_facebook=x; .*; Secure$/);
  });

  it('when the state cookie is cleared, then the browser is told to drop it now', () => {
    expect(clearedStateCookie('google', false)).toBe(
      'fortuna_social_google=; Path=/wps/session/social; Max-Age=0; HttpOnly; SameSite=Lax',
    );
  });

  it('when a Cookie header holds several cookies, then only the named one is read', () => {
    const header = 'theme=dark; fortuna_social_google=sealed-value; fortuna_social_googlex=other';
    expect(readCookie(header, 'fortuna_social_google')).toBe('sealed-value');
    expect(readCookie(header, 'fortuna_social_facebook')).toBeUndefined();
    expect(readCookie('fortuna_social_google=', 'fortuna_social_google')).toBeUndefined();
    expect(readCookie(undefined, 'fortuna_social_google')).toBeUndefined();
  });
});
