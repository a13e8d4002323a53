import {
  type CreatePayee,
  PayeeListResponseSchema,
  PayeeRemovedResponseSchema,
  PayeeResponseSchema,
  WithdrawalPaths,
} from '@fortuna/contracts/withdrawal';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../../shared/api/client.ts';
import { MEMBER_QUERY_KEY } from '../../../shared/api/get-member-info.ts';

/** The same key as the withdraw page's list: adding or removing here refreshes it there too. */
export const payeeAccountsQuery = queryOptions({
  queryKey: [...MEMBER_QUERY_KEY, 'payees'],
  queryFn: () => apiGet(WithdrawalPaths.payees, PayeeListResponseSchema),
  staleTime: 60_000,
  retry: false,
});

export const usePayeeAccounts = () => useQuery(payeeAccountsQuery);

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
