import { AgentRegisterCalls } from '@fortuna/contracts/agent';
import { useAgentCall } from './agent-query.ts';

/** Announcements for agents only, in the agent's language, a page of them. */
export function useAgentAnnouncements(lang: string, pageNo: number) {
  return useAgentCall(AgentRegisterCalls.announcements, { query: { lang, pageNo } });
}
