import { AgentRegisterCalls } from '@fortuna/contracts/agent';
import { useAgentCall } from './agent-query.ts';

/** The agent's affiliate code and a register link per domain route. */
export function useInvitation() {
  return useAgentCall(AgentRegisterCalls.invitation, {});
}
