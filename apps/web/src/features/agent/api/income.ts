import { AgentReportCalls } from '@fortuna/contracts/agent-reports';
import type { CallQuery } from '@fortuna/contracts/call';
import { type FilterOf, useAgentCall } from './agent-query.ts';

/** My income: what reached the agent's own wallet from others, per day or month and source. */
export function useIncome(query: FilterOf<CallQuery<typeof AgentReportCalls.income>>, enabled: boolean) {
  return useAgentCall(AgentReportCalls.income, { query }, enabled);
}
