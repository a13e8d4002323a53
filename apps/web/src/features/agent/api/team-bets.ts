import { AgentReportCalls } from '@fortuna/contracts/agent-reports';
import type { CallQuery } from '@fortuna/contracts/call';
import { type FilterOf, useAgentCall } from './agent-query.ts';

/** Team betting: single rounds of the agent's line, newest first, with totals. */
export function useTeamBets(query: FilterOf<CallQuery<typeof AgentReportCalls.bets>>, enabled: boolean) {
  return useAgentCall(AgentReportCalls.bets, { query }, enabled);
}
