import { BetRecordCalls } from '@fortuna/contracts/bet-records';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { MEMBER_QUERY_KEY } from '../../../shared/api/get-member-info.ts';

export const roundTicketsQuery = (id: string, language: string) =>
  queryOptions({
    queryKey: [...MEMBER_QUERY_KEY, 'round-tickets', id, language],
    queryFn: () => callApi(BetRecordCalls.tickets, { params: { id }, query: { language } }),
    retry: false,
  });

/** A lottery round's tickets, read from its vendor when the member opens the row (ADR 072). */
export function useRoundTickets(id: string, language: string) {
  return useQuery(roundTicketsQuery(id, language));
}
