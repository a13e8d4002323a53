import { AgentContractCalls } from '@fortuna/contracts/agent-contract-calls';
import type { CallBody, CallQuery } from '@fortuna/contracts/call';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { MEMBER_QUERY_KEY } from '../../../shared/api/get-member-info.ts';
import { type FilterOf, useAgentCall } from './agent-query.ts';

/** One contract type's records of the agent (spec 2.7): as payee and as payer, by site days. */
export function useContractRecords(
  query: FilterOf<CallQuery<typeof AgentContractCalls.records>>,
  enabled: boolean,
) {
  return useAgentCall(AgentContractCalls.records, { query }, enabled);
}

/** One record's calculation; idle until a row is opened. */
export function useContractRecord(id: string | null) {
  return useAgentCall(AgentContractCalls.record, { params: { id: id ?? '' } }, id !== null);
}

/** The contracts the agent gave its direct downlines, of one type or all. */
export function useGivenContracts(query: FilterOf<CallQuery<typeof AgentContractCalls.list>>) {
  return useAgentCall(AgentContractCalls.list, { query });
}

/** The operators' tier templates of the enabled types, for an offer to start from. */
export function useContractTemplates(enabled: boolean) {
  return useAgentCall(AgentContractCalls.templates, { query: {} }, enabled);
}

/** Offers a direct downline agent a contract; the agent's lists are asked again after. */
export function useOfferContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof AgentContractCalls.offer>) =>
      callApi(AgentContractCalls.offer, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...MEMBER_QUERY_KEY, 'agent'] }),
  });
}
