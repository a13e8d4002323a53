import { DepositCalls } from '@fortuna/contracts/deposit';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { MEMBER_QUERY_KEY } from '../../../shared/api/get-member-info.ts';

export const depositChannelsQuery = queryOptions({
  queryKey: [...MEMBER_QUERY_KEY, 'deposit', 'channels'],
  queryFn: () => callApi(DepositCalls.channels),
  staleTime: 60_000,
  retry: false,
});

/** The deposit channels with their limits and fees (spec 2.6 depositv2). */
export function useDepositChannels() {
  return useQuery(depositChannelsQuery);
}
