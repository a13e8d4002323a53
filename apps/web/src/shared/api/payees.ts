import { type CreatePayee, WithdrawalCalls } from '@fortuna/contracts/withdrawal';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from './client.ts';
import { MEMBER_QUERY_KEY } from './get-member-info.ts';

/**
 * The member's payee accounts and the name each must carry. One query for the member centre's
 * list and the withdraw page's select, so adding or removing in one refreshes the other.
 */
export const payeeAccountsQuery = queryOptions({
  queryKey: [...MEMBER_QUERY_KEY, 'payees'],
  queryFn: () => callApi(WithdrawalCalls.payees),
  staleTime: 60_000,
  retry: false,
});

export const usePayeeAccounts = () => useQuery(payeeAccountsQuery);

/** Adds a payee account in the member's own name. */
export function addPayeeAccount(payee: CreatePayee) {
  return callApi(WithdrawalCalls.addPayee, { body: payee });
}

export function removePayeeAccount(id: string) {
  return callApi(WithdrawalCalls.removePayee, { params: { id } });
}
