import { type ConsolidatedContracts, ContractCalls } from '@fortuna/contracts/agent-contract-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from './client.ts';
import { MEMBER_QUERY_KEY } from './get-member-info.ts';

/**
 * Spec 7.4's consolidated contract call: the offers waiting for the member's answer, what it holds
 * and the types the brand enables — read by the contract popup and the agent centre's menu and pages.
 */
export const consolidatedQuery = queryOptions({
  queryKey: [...MEMBER_QUERY_KEY, 'contracts', 'consolidated'],
  queryFn: (): Promise<ConsolidatedContracts> => callApi(ContractCalls.consolidated, {}),
  staleTime: 60_000,
  // A brand without the agent policy answers 403: nothing to show, nothing to retry.
  retry: false,
});

/** Only for a logged-in member who is not a trial account (spec 6: no consolidated call for them). */
export function useConsolidatedContracts(enabled: boolean) {
  return useQuery({ ...consolidatedQuery, enabled });
}
