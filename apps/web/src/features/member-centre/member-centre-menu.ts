/** The member centre's pages of spec 2.6, in the order its menu shows them. */
export const MEMBER_CENTRE_PAGES = [
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
] as const;
export type MemberCentrePageId = (typeof MEMBER_CENTRE_PAGES)[number];

/** Spec 2.6: the page the centre opens on when none (or an unknown one) is asked for. */
export const DEFAULT_MEMBER_CENTRE_PAGE: MemberCentrePageId = 'securityCenter';

/** The page `?page=` asks for, or the default for a missing or unknown id. */
export function memberCentrePageOf(search: URLSearchParams): MemberCentrePageId {
  const asked = search.get('page');
  return (MEMBER_CENTRE_PAGES as readonly string[]).includes(asked ?? '')
    ? (asked as MemberCentrePageId)
    : DEFAULT_MEMBER_CENTRE_PAGE;
}
