import { DepositCalls, type DepositOrder } from '@fortuna/contracts/deposit';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { callApi } from '../../../shared/api/client.ts';
import { MEMBER_QUERY_KEY } from '../../../shared/api/get-member-info.ts';

/** While an order is pending its page asks again this often, for at most POLL_FOR_MS. */
export const POLL_EVERY_MS = 2_000;
export const POLL_FOR_MS = 60_000;

export const depositOrderQuery = (orderNo: string) =>
  queryOptions({
    queryKey: [...MEMBER_QUERY_KEY, 'deposit', 'order', orderNo],
    queryFn: () => callApi(DepositCalls.order, { params: { orderNo } }),
    retry: false,
  });

/** Whether to ask again: only for a pending order, and only for about a minute after the page opened. */
export function pollDelayOf(order: DepositOrder | undefined, sinceMs: number): number | false {
  return order?.status === 'PENDING' && sinceMs < POLL_FOR_MS ? POLL_EVERY_MS : false;
}

/**
 * One order, as the member comes back from the gateway: asked again every 2 s while the gateway's
 * callback has not arrived yet, then left alone (the member can ask again by hand).
 */
export function useDepositOrder(orderNo: string) {
  const openedAt = useRef(Date.now());
  return useQuery({
    ...depositOrderQuery(orderNo),
    refetchInterval: (query) => pollDelayOf(query.state.data, Date.now() - openedAt.current),
  });
}
