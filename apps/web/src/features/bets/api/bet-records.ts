import { BetRecordCalls } from '@fortuna/contracts/bet-records';
import type { CallQuery } from '@fortuna/contracts/call';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { MEMBER_QUERY_KEY } from '../../../shared/api/get-member-info.ts';

/** A filter as the contract takes it: a choice left at "all" is absent, so not sent. */
export type BetRecordsFilter = CallQuery<typeof BetRecordCalls.records>;
export type ProfitFilter = CallQuery<typeof BetRecordCalls.profit>;

export const betRecordsQuery = (filter: BetRecordsFilter) =>
  queryOptions({
    queryKey: [...MEMBER_QUERY_KEY, 'bet-records', filter],
    queryFn: () => callApi(BetRecordCalls.records, { query: filter }),
    retry: false,
  });

/** The member's bet rounds for a filter; the previous page stays shown while the next loads. */
export function useBetRecords(filter: BetRecordsFilter, enabled = true) {
  return useQuery({ ...betRecordsQuery(filter), placeholderData: keepPreviousData, enabled });
}

export const profitQuery = (filter: ProfitFilter) =>
  queryOptions({
    queryKey: [...MEMBER_QUERY_KEY, 'bet-profit', filter],
    queryFn: () => callApi(BetRecordCalls.profit, { query: filter }),
    retry: false,
  });

/** The member's settled profit and loss over a range, in total and per vendor. */
export function useProfit(filter: ProfitFilter, enabled = true) {
  return useQuery({ ...profitQuery(filter), placeholderData: keepPreviousData, enabled });
}
