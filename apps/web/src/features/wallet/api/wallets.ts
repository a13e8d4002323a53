import { WalletCalls, type WalletTransferRequest } from '@fortuna/contracts/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { MEMBER_QUERY_KEY } from '../../../shared/api/get-member-info.ts';

/** Every query of the member's wallets: a money movement refreshes them all at once. */
export const WALLETS_QUERY_KEY = [...MEMBER_QUERY_KEY, 'wallets'] as const;

export const consolidatedFundsQuery = queryOptions({
  queryKey: [...WALLETS_QUERY_KEY, 'consolidated'],
  queryFn: () => callApi(WalletCalls.consolidatedFunds),
  staleTime: 10_000,
  retry: false,
});

export const transferVendorsQuery = queryOptions({
  queryKey: [...WALLETS_QUERY_KEY, 'vendors'],
  queryFn: () => callApi(WalletCalls.transferVendors),
  staleTime: 10_000,
  retry: false,
});

export const useConsolidatedFunds = () => useQuery(consolidatedFundsQuery);
export const useTransferVendors = () => useQuery(transferVendorsQuery);

/** Moves money between the main wallet and a vendor's transfer wallet, once per requestId. */
export function transferBetweenWallets(request: WalletTransferRequest) {
  return callApi(WalletCalls.walletTransfer, { body: request });
}
