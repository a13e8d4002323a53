import { WalletCalls } from '@fortuna/contracts/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { MEMBER_QUERY_KEY } from '../../../shared/api/get-member-info.ts';

// The same key as the security centre's: setting the password there refreshes this page too.
export const paymentPasswordStateQuery = queryOptions({
  queryKey: [...MEMBER_QUERY_KEY, 'paymentPassword'],
  queryFn: () => callApi(WalletCalls.paymentPasswordState),
  staleTime: 60_000,
  retry: false,
});

/** Whether the member has a payment password: a withdrawal cannot be asked for without one. */
export function usePaymentPasswordState() {
  return useQuery(paymentPasswordStateQuery);
}
