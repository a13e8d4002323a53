import {
  BetRecordPaths,
  BetRecordsResponseSchema,
  type BetStatus,
  ProfitResponseSchema,
} from '@fortuna/contracts/bet-records';
import type { GameCategory } from '@fortuna/contracts/games';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client.ts';
import { MEMBER_QUERY_KEY } from '../../../shared/api/get-member-info.ts';

export interface ProfitFilter {
  /** Date-times with the member's own offset, so "today" is the member's day. */
  from: string;
  to: string;
  category: GameCategory | '';
  vendor: string;
}

export interface BetRecordsFilter extends ProfitFilter {
  status: BetStatus | '';
  /** The language the games are named in. */
  language: string;
  page: number;
  pageSize: number;
}

/** The query string of a filter: a choice left at "all" is not sent. */
function rangeQuery(filter: ProfitFilter): Record<string, string> {
  return {
    from: filter.from,
    to: filter.to,
    ...(filter.category ? { category: filter.category } : {}),
    ...(filter.vendor ? { vendor: filter.vendor } : {}),
  };
}

export const betRecordsQuery = (filter: BetRecordsFilter) =>
  queryOptions({
    queryKey: [...MEMBER_QUERY_KEY, 'bet-records', filter],
    queryFn: () =>
      apiGet(BetRecordPaths.records, BetRecordsResponseSchema, {
        query: {
          ...rangeQuery(filter),
          ...(filter.status ? { status: filter.status } : {}),
          language: filter.language,
          page: String(filter.page),
          pageSize: String(filter.pageSize),
        },
      }),
    retry: false,
  });

/** The member's bet rounds for a filter; the previous page stays shown while the next loads. */
export function useBetRecords(filter: BetRecordsFilter, enabled = true) {
  return useQuery({ ...betRecordsQuery(filter), placeholderData: keepPreviousData, enabled });
}

export const profitQuery = (filter: ProfitFilter) =>
  queryOptions({
    queryKey: [...MEMBER_QUERY_KEY, 'bet-profit', filter],
    queryFn: () => apiGet(BetRecordPaths.profit, ProfitResponseSchema, { query: rangeQuery(filter) }),
    retry: false,
  });

/** The member's settled profit and loss over a range, in total and per vendor. */
export function useProfit(filter: ProfitFilter, enabled = true) {
  return useQuery({ ...profitQuery(filter), placeholderData: keepPreviousData, enabled });
}
