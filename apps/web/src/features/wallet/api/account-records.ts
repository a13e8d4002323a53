import type { CallQuery } from '@fortuna/contracts/call';
import { WalletCalls } from '@fortuna/contracts/wallet';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { MEMBER_QUERY_KEY } from '../../../shared/api/get-member-info.ts';

/** A filter as the contract takes it: a type left at "all" is absent, so not sent. */
export type AccountRecordsFilter = CallQuery<typeof WalletCalls.records>;

export const accountRecordsQuery = (filter: AccountRecordsFilter) =>
  queryOptions({
    queryKey: [...MEMBER_QUERY_KEY, 'records', filter],
    queryFn: () => callApi(WalletCalls.records, { query: filter }),
    retry: false,
  });

/** The member's account records for a filter; the previous page stays shown while the next loads. */
export function useAccountRecords(filter: AccountRecordsFilter, enabled = true) {
  return useQuery({ ...accountRecordsQuery(filter), placeholderData: keepPreviousData, enabled });
}
