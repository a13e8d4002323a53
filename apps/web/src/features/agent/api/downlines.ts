import { AgentTeamCalls } from '@fortuna/contracts/agent';
import type { CallQuery } from '@fortuna/contracts/call';
import { type FilterOf, useAgentCall } from './agent-query.ts';

/** The agent's line, filtered and paged. */
export function useDownlines(query: FilterOf<CallQuery<typeof AgentTeamCalls.downlines>>) {
  return useAgentCall(AgentTeamCalls.downlines, { query });
}

/** One downline's detail; idle until one is chosen. */
export function useDownlineDetail(id: string | null) {
  return useAgentCall(AgentTeamCalls.downline, { params: { id: id ?? '' } }, id !== null);
}
