import { AgentRegisterCalls } from '@fortuna/contracts/agent';
import type { CallBody } from '@fortuna/contracts/call';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { MEMBER_QUERY_KEY } from '../../../shared/api/get-member-info.ts';

/**
 * Creates a direct downline (the body is sealed: it carries a password). A new downline changes
 * the team's lists and counts, so the agent's reads are asked again.
 */
export function useCreateDownline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof AgentRegisterCalls.createDownline>) =>
      callApi(AgentRegisterCalls.createDownline, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...MEMBER_QUERY_KEY, 'agent'] }),
  });
}
