/**
 * The agent centre's pages of spec 2.7, in the order its menu shows them: the agent's own pages,
 * then the member pages the agent variant also lists. The contract pages (dividend, salaries) join
 * after agentDownlineTransactionDetailsCopy when contracts exist; until then they are not offered.
 */
export const AGENT_CENTRE_PAGES = [
  'agentAnnouncement',
  'agentTeamOverview',
  'registerCenter',
  'downlineManagmentView',
  'personalHistoryCopy',
  'palStatementsAgentCopy',
  'agentRevenueReport',
  'agentDownlineTransactionDetailsCopy',
  'depositv2',
  'withdraw',
  'messageV2',
  'customerService',
] as const;
export type AgentCentrePageId = (typeof AGENT_CENTRE_PAGES)[number];

/** Spec 2.7: the page the centre opens on when none (or an unknown one) is asked for. */
export const DEFAULT_AGENT_CENTRE_PAGE: AgentCentrePageId = 'agentTeamOverview';

/** The page `?page=` asks for, or the default for a missing or unknown id. */
export function agentCentrePageOf(search: URLSearchParams): AgentCentrePageId {
  const asked = search.get('page');
  return (AGENT_CENTRE_PAGES as readonly string[]).includes(asked ?? '')
    ? (asked as AgentCentrePageId)
    : DEFAULT_AGENT_CENTRE_PAGE;
}
