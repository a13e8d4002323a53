import { describe, expect, it } from 'vitest';
import { markPopupClosed, shouldAutoOpen, wasPopupClosed } from './popup-closure.ts';

describe('popup once per session unless closed', () => {
  it('when there are popup announcements and nothing was closed, then it opens', () => {
    expect(shouldAutoOpen({ audience: 'visitor', popupCount: 2, alreadyShown: false })).toBe(true);
  });

  it('when there is nothing to pop up, then it does not open', () => {
    expect(shouldAutoOpen({ audience: 'visitor', popupCount: 0, alreadyShown: false })).toBe(false);
  });

  it('when it already opened on this page, then it does not open again', () => {
    expect(shouldAutoOpen({ audience: 'member', popupCount: 1, alreadyShown: true })).toBe(false);
  });

  it('when closed this session, then it stays closed for that audience only', () => {
    markPopupClosed('visitor');
    expect(wasPopupClosed('visitor')).toBe(true);
    expect(shouldAutoOpen({ audience: 'visitor', popupCount: 1, alreadyShown: false })).toBe(false);
    expect(shouldAutoOpen({ audience: 'member', popupCount: 1, alreadyShown: false })).toBe(true);
  });

  it('when session storage is cleared (logout, a new tab), then it opens again', () => {
    markPopupClosed('member');
    sessionStorage.clear();
    expect(shouldAutoOpen({ audience: 'member', popupCount: 1, alreadyShown: false })).toBe(true);
  });
});
