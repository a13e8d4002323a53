import { type Balance, WalletCalls } from '@fortuna/contracts/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '../session/session-store.ts';
import { callApi } from './client.ts';
import { MEMBER_QUERY_KEY } from './get-member-info.ts';

export function getBalance(): Promise<Balance> {
  return callApi(WalletCalls.balance);
}

export const balanceQuery = queryOptions({
  // Under the member key: a session's end drops it with the rest of the member's data.
  queryKey: [...MEMBER_QUERY_KEY, 'balance'],
  queryFn: getBalance,
  // Short, so coming back from a game tab shows what the game did to the wallet.
  staleTime: 10_000,
  retry: false,
});

/**
 * Whether the session has a wallet: a logged-in member whose member info has arrived and says it
 * is not a trial account (spec 4.3). Until member info arrives nobody knows, so nothing is asked.
 */
export function useHasWallet(): boolean {
  return useSession((state) => state.isLogin && state.memberInfo !== null && !state.isTrial);
}

/** The member's main wallet balance; idle for guests and trial accounts. */
export function useBalance() {
  const hasWallet = useHasWallet();
  return useQuery({ ...balanceQuery, enabled: hasWallet });
}
