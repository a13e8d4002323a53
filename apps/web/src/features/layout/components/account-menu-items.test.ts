import { describe, expect, it } from 'vitest';
import { enabledModules } from '../../../test/permission-fixture.ts';
import { accountMenuItems } from './account-menu-items.ts';

describe('account dropdown entries (spec 2.4)', () => {
  it('when a player opens it with no modules on, then the fixed entries come in the spec order', () => {
    expect(accountMenuItems([], false).map((item) => item.labelKey)).toEqual([
      'accountMenu.bettingRecord',
      'accountMenu.accountRecord',
      'memberCentre.pages.personalProfit',
      'accountMenu.rewardCenter',
      'accountMenu.myAccount',
    ]);
  });

  it('when the points mall and manual rebate are on and the member is an agent, then those entries join in place', () => {
    const items = accountMenuItems(enabledModules('PTSYS3', 'MANPLAYREB3'), true);
    expect(items.map((item) => ('to' in item ? item.to : `popup:${item.popup}`))).toEqual([
      '/member?page=personalHistoryCopy',
      '/member?page=transactionHistory',
      '/member?page=personalProfit',
      '/member?page=rewardCenter',
      '/pointMall',
      '/member?page=securityCenter',
      '/agentHome',
      'popup:manualRebate',
    ]);
  });
});
