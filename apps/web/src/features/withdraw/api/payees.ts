import {
  type CreatePayee,
  PayeeListResponseSchema,
  PayeeResponseSchema,
  WithdrawalPaths,
} from '@fortuna/contracts/withdrawal';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../../shared/api/client.ts';
import { MEMBER_QUERY_KEY } from '../../../shared/api/get-member-info.ts';

export const payeesQuery = queryOptions({
  queryKey: [...MEMBER_QUERY_KEY, 'payees'],
  queryFn: () => apiGet(WithdrawalPaths.payees, PayeeListResponseSchema),
  staleTime: 60_000,
  retry: false,
});

/** The member's payee accounts and the name each must carry. */
export function usePayees() {
  return useQuery(payeesQuery);
}

/** Adds a payee account in the member's own name. */
export function createPayee(payee: CreatePayee) {
  return apiSend('POST', WithdrawalPaths.payees, payee, PayeeResponseSchema);
}
