import { isModuleEnabled, type WhitelabelNode } from '@fortuna/contracts/system';

import type { Popup } from '../../../shared/state/popups.ts';

/** An entry opens a page (`to`) or a popup over the current page (`popup`). */
export type AccountMenuItem = { labelKey: string } & ({ to: string } | { popup: Exclude<Popup, null> });

/** The member centre page a menu entry opens (spec 2.6 page ids). */
const memberPage = (page: string) => `/member?page=${page}`;

/**
 * The header's account dropdown of spec 2.4, in its order: points mall and manual rebate only when
 * their modules are on, the agent centre only for agents; manual rebate opens its popup (ADR 039).
 * Sign out follows as a button.
 */
export function accountMenuItems(whitelabel: WhitelabelNode[], isAgent: boolean): AccountMenuItem[] {
  return [
    { labelKey: 'accountMenu.bettingRecord', to: memberPage('personalHistoryCopy') },
    { labelKey: 'accountMenu.accountRecord', to: memberPage('transactionHistory') },
    // The page's own name, so the menu and the page never call it two things (issue 19).
    { labelKey: 'memberCentre.pages.personalProfit', to: memberPage('personalProfit') },
    { labelKey: 'accountMenu.rewardCenter', to: memberPage('rewardCenter') },
    ...(isModuleEnabled(whitelabel, 'PTSYS3')
      ? [{ labelKey: 'accountMenu.pointsMall', to: '/pointMall' }]
      : []),
    { labelKey: 'accountMenu.myAccount', to: memberPage('securityCenter') },
    ...(isAgent ? [{ labelKey: 'accountMenu.agent', to: '/agentHome' }] : []),
    ...(isModuleEnabled(whitelabel, 'MANPLAYREB3')
      ? [{ labelKey: 'accountMenu.manualRebate', popup: 'manualRebate' as const }]
      : []),
  ];
}
