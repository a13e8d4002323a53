import { AgentReportCalls } from '@fortuna/contracts/agent-reports';
import type { CallQuery } from '@fortuna/contracts/call';
import { type FilterOf, useAgentCall } from './agent-query.ts';

/** Account details: the downlines' deposits, withdrawals, transfers and bonuses, newest first. */
export function useDownlineTransactions(
  query: FilterOf<CallQuery<typeof AgentReportCalls.transactions>>,
  enabled: boolean,
) {
  return useAgentCall(AgentReportCalls.transactions, { query }, enabled);
}
