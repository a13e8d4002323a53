import { type CreateWithdrawal, WithdrawalCalls } from '@fortuna/contracts/withdrawal';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { MEMBER_QUERY_KEY } from '../../../shared/api/get-member-info.ts';

export const WITHDRAWAL_HISTORY_PAGE_SIZE = 10;
export const WITHDRAWAL_HISTORY_KEY = [...MEMBER_QUERY_KEY, 'withdrawals'] as const;

export const withdrawalHistoryQuery = (page: number) =>
  queryOptions({
    queryKey: [...WITHDRAWAL_HISTORY_KEY, page],
    queryFn: () =>
      callApi(WithdrawalCalls.history, { query: { page, pageSize: WITHDRAWAL_HISTORY_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** The member's withdrawals, newest first, one page at a time. */
export function useWithdrawalHistory(page: number) {
  return useQuery(withdrawalHistoryQuery(page));
}

/** Asks for a withdrawal; the amount is held at once. The same `requestId` answers the same request. */
export function createWithdrawal(request: CreateWithdrawal) {
  return callApi(WithdrawalCalls.request, { body: request });
}
