import { describe, expect, it } from 'vitest';
import { adoptStartupToken } from './session-token.ts';

describe('start-up token (spec 4.1)', () => {
  it('when the status is normal and the URL carries a token, then it is kept in session storage and leaves the URL', () => {
    window.history.replaceState(null, '', '/rng?token=abc123&vassalage=PG');
    expect(adoptStartupToken(true, window.location, window.history)).toBe('abc123');
    expect(sessionStorage.getItem('token')).toBe('abc123');
    expect(window.location.search).toBe('?vassalage=PG');
  });

  it('when the status is not normal, then no token is taken, from the URL or from storage', () => {
    sessionStorage.setItem('token', 'stored');
    window.history.replaceState(null, '', '/?token=fromurl');
    expect(adoptStartupToken(false, window.location, window.history)).toBeNull();
    expect(sessionStorage.getItem('token')).toBe('stored');
  });

  it('when the URL has no token, then the stored one is used', () => {
    sessionStorage.setItem('token', 'stored');
    window.history.replaceState(null, '', '/');
    expect(adoptStartupToken(true, window.location, window.history)).toBe('stored');
  });

  it('when the reset-password page carries its link token, then it stays in the URL and is no session', () => {
    window.history.replaceState(null, '', '/resetPassword?token=mailed-link');
    expect(adoptStartupToken(true, window.location, window.history)).toBeNull();
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(window.location.search).toBe('?token=mailed-link');
  });
});
