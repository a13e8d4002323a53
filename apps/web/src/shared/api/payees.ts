import {
  type CreatePayee,
  PayeeListResponseSchema,
  PayeeRemovedResponseSchema,
  PayeeResponseSchema,
  WithdrawalPaths,
} from '@fortuna/contracts/withdrawal';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiSend } from './client.ts';
import { MEMBER_QUERY_KEY } from './get-member-info.ts';

/**
 * The member's payee accounts and the name each must carry. One query for the member centre's
 * list and the withdraw page's select, so adding or removing in one refreshes the other.
 */
export const payeeAccountsQuery = queryOptions({
  queryKey: [...MEMBER_QUERY_KEY, 'payees'],
  queryFn: () => apiGet(WithdrawalPaths.payees, PayeeListResponseSchema),
  staleTime: 60_000,
  retry: false,
});

export const usePayeeAccounts = () => useQuery(payeeAccountsQuery);

/** Adds a payee account in the member's own name. */
export function addPayeeAccount(payee: CreatePayee) {
  return apiSend('POST', WithdrawalPaths.payees, payee, PayeeResponseSchema);
}

export function removePayeeAccount(id: string) {
  return apiSend(
    'DELETE',
    WithdrawalPaths.payee.replace(':id', encodeURIComponent(id)),
    undefined,
    PayeeRemovedResponseSchema,
  );
}
