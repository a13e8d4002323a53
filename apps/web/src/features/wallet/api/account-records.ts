import { AccountRecordsResponseSchema, type RecordType, WalletCallPaths } from '@fortuna/contracts/wallet';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client.ts';
import { MEMBER_QUERY_KEY } from '../../../shared/api/get-member-info.ts';

export interface AccountRecordsFilter {
  type: RecordType | '';
  /** Date-times with the member's own offset, so "today" is the member's day. */
  from: string;
  to: string;
  page: number;
  pageSize: number;
}

export const accountRecordsQuery = (filter: AccountRecordsFilter) =>
  queryOptions({
    queryKey: [...MEMBER_QUERY_KEY, 'records', filter],
    queryFn: () =>
      apiGet(WalletCallPaths.records, AccountRecordsResponseSchema, {
        query: {
          ...(filter.type ? { type: filter.type } : {}),
          from: filter.from,
          to: filter.to,
          page: String(filter.page),
          pageSize: String(filter.pageSize),
        },
      }),
    retry: false,
  });

/** The member's account records for a filter; the previous page stays shown while the next loads. */
export function useAccountRecords(filter: AccountRecordsFilter, enabled = true) {
  return useQuery({ ...accountRecordsQuery(filter), placeholderData: keepPreviousData, enabled });
}
