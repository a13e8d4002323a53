import { DepositCalls } from '@fortuna/contracts/deposit';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { MEMBER_QUERY_KEY } from '../../../shared/api/get-member-info.ts';

export const DEPOSIT_HISTORY_PAGE_SIZE = 10;
export const DEPOSIT_HISTORY_KEY = [...MEMBER_QUERY_KEY, 'deposit', 'history'] as const;

export const depositHistoryQuery = (page: number) =>
  queryOptions({
    queryKey: [...DEPOSIT_HISTORY_KEY, page],
    queryFn: () => callApi(DepositCalls.history, { query: { page, pageSize: DEPOSIT_HISTORY_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** The member's deposit orders, newest first, one page at a time. */
export function useDepositHistory(page: number) {
  return useQuery(depositHistoryQuery(page));
}
