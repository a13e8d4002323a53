import { AgentReportCalls } from '@fortuna/contracts/agent-reports';
import type { CallQuery } from '@fortuna/contracts/call';
import { type FilterOf, useAgentCall } from './agent-query.ts';

/** User loss: each downline's (and its team's) settled result and bonuses over a period. */
export function useProfitLoss(
  query: FilterOf<CallQuery<typeof AgentReportCalls.profitLoss>>,
  enabled: boolean,
) {
  return useAgentCall(AgentReportCalls.profitLoss, { query }, enabled);
}
