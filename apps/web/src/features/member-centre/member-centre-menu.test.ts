import { describe, expect, it } from 'vitest';
import { MEMBER_CENTRE_PAGES, memberCentrePageOf } from './member-centre-menu.ts';

describe('member centre menu (spec 2.6)', () => {
  it('when listed, then the pages keep the order of spec 2.6', () => {
    expect(MEMBER_CENTRE_PAGES).toEqual([
      'securityCenter',
      'transferFund',
      'depositv2',
      'withdraw',
      'transferUpline',
      'personalHistoryCopy',
      'transactionHistory',
      'personalProfit',
      'bonusDetails',
      'rewardCenter',
      'referral',
      'missionLeaderboard',
      'messageV2',
    ]);
  });

  it('when ?page= names a page, then that page is active', () => {
    expect(memberCentrePageOf(new URLSearchParams('page=transactionHistory'))).toBe('transactionHistory');
  });

  it('when ?page= is missing or unknown, then security centre is active', () => {
    expect(memberCentrePageOf(new URLSearchParams(''))).toBe('securityCenter');
    expect(memberCentrePageOf(new URLSearchParams('page=nope'))).toBe('securityCenter');
    expect(memberCentrePageOf(new URLSearchParams('page=constructor'))).toBe('securityCenter');
  });
});
