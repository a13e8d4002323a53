import type { ContractType } from '@fortuna/contracts/agent-contracts';

/**
 * The agent centre's pages of spec 2.7, in the order its menu shows them: the agent's own pages,
 * its contract pages (each only while the brand enables its type), then the member pages the
 * agent variant also lists.
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
  'agentDividendRecordCopy2',
  'agentDailyWages2',
  'agentHourSalary',
  'agentRealtimeSalary',
  'depositv2',
  'withdraw',
  'messageV2',
  'customerService',
] as const;
export type AgentCentrePageId = (typeof AGENT_CENTRE_PAGES)[number];

/** Spec 2.7: each contract page and the contract type whose records it lists. */
export const CONTRACT_PAGE_TYPES = {
  agentDividendRecordCopy2: 'DIVIDEND',
  agentDailyWages2: 'DAILY_SALARY',
  agentHourSalary: 'HOUR_SALARY',
  agentRealtimeSalary: 'REALTIME_SALARY',
} as const satisfies Partial<Record<AgentCentrePageId, ContractType>>;

/** Spec 2.7: the page the centre opens on when none (or an unknown one) is asked for. */
export const DEFAULT_AGENT_CENTRE_PAGE: AgentCentrePageId = 'agentTeamOverview';

/** The pages the menu offers: a contract page only while the brand enables its type (spec 6). */
export function shownAgentCentrePages(enabledTypes: readonly ContractType[]): AgentCentrePageId[] {
  return AGENT_CENTRE_PAGES.filter((id) => {
    const type = (CONTRACT_PAGE_TYPES as Partial<Record<AgentCentrePageId, ContractType>>)[id];
    return type === undefined || enabledTypes.includes(type);
  });
}

/** The page `?page=` asks for among those shown, or the default for a missing, unknown or hidden id. */
export function agentCentrePageOf(
  search: URLSearchParams,
  shown: readonly AgentCentrePageId[] = AGENT_CENTRE_PAGES,
): AgentCentrePageId {
  const asked = search.get('page');
  return (shown as readonly string[]).includes(asked ?? '')
    ? (asked as AgentCentrePageId)
    : DEFAULT_AGENT_CENTRE_PAGE;
}
