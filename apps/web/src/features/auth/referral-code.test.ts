import { describe, expect, it } from 'vitest';
import { referralCodeFrom } from './referral-code.ts';

describe('referral code of a registration link', () => {
  it('when the link has referralCode, then that code is read', () => {
    expect(referralCodeFrom('?referralCode=ABC123')).toBe('ABC123');
  });

  it('when the link has the short ref, then that code is read', () => {
    expect(referralCodeFrom('?ref=XYZ')).toBe('XYZ');
  });

  it('when a later page has no code, then the one from the link is still known in this tab', () => {
    referralCodeFrom('?referralCode=KEEP1');
    expect(referralCodeFrom('')).toBe('KEEP1');
  });

  it('when no link ever carried a code, then there is none', () => {
    expect(referralCodeFrom('?referralCode=%20')).toBeNull();
  });
});
