import { describe, expect, it } from 'vitest';
import { isGamePage, isProtectedPath, WEB_ROUTE_PATHS } from './routes.ts';

describe('web routes', () => {
  it('when a path is one of the game pages of spec 2.1, then it is a game page whatever its case', () => {
    expect(isGamePage('/seamless')).toBe(true);
    expect(isGamePage('/vnLottery')).toBe(true);
    expect(isGamePage('/seaLottery')).toBe(true);
    expect(isGamePage('/lottert')).toBe(true);
    expect(isGamePage('/rng')).toBe(false);
  });

  it('when a route is protected, then it is also a known web route', () => {
    expect(isProtectedPath('/member')).toBe(true);
    expect(isProtectedPath('/')).toBe(false);
    expect(WEB_ROUTE_PATHS).toEqual(expect.arrayContaining(['/member', '/agentHome', '/favorite']));
  });
});
