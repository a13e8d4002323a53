import { MEMBER_CENTRE_PAGES } from '@fortuna/contracts/routes';

export { MEMBER_CENTRE_PAGES };
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
