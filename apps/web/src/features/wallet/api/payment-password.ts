import { type SetPaymentPasswordRequest, WalletCalls } from '@fortuna/contracts/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { MEMBER_QUERY_KEY } from '../../../shared/api/get-member-info.ts';

export const paymentPasswordQuery = queryOptions({
  queryKey: [...MEMBER_QUERY_KEY, 'paymentPassword'],
  queryFn: () => callApi(WalletCalls.paymentPasswordState),
  staleTime: 60_000,
  retry: false,
});

/** Whether the member has set a payment password yet. */
export function usePaymentPasswordState() {
  return useQuery(paymentPasswordQuery);
}

/** Sets (with the login password) or changes (with the old one) the payment password; sealed. */
export async function setPaymentPassword(request: SetPaymentPasswordRequest): Promise<void> {
  await callApi(WalletCalls.setPaymentPassword, { body: request });
}
