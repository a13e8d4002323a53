import { AgentTeamCalls } from '@fortuna/contracts/agent';
import type { CallQuery } from '@fortuna/contracts/call';
import { type FilterOf, useAgentCall } from './agent-query.ts';

/** The agent's whole line over a period, with a per-day series for the chart. */
export function useTeamOverview(
  query: FilterOf<CallQuery<typeof AgentTeamCalls.overview>>,
  enabled: boolean,
) {
  return useAgentCall(AgentTeamCalls.overview, { query }, enabled);
}
