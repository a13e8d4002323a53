import { RebateCalls } from '@fortuna/contracts/rebates';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { MEMBER_QUERY_KEY } from '../../../shared/api/get-member-info.ts';

export const accruedRebateQuery = queryOptions({
  queryKey: [...MEMBER_QUERY_KEY, 'rebate'],
  queryFn: () => callApi(RebateCalls.accrued),
  retry: false,
});

/** The rebate accrued on the days the daily payment has not settled yet, per category. */
export function useAccruedRebate() {
  return useQuery(accruedRebateQuery);
}

/** Claims it now (MANPLAYREB3); the accrual and the balance are then asked again. */
export function useClaimRebate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(RebateCalls.claim),
    onSettled: () => queryClient.invalidateQueries({ queryKey: MEMBER_QUERY_KEY }),
  });
}
