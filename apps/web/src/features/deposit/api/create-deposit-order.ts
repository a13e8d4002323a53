import { type CreateDepositOrder, DepositCalls } from '@fortuna/contracts/deposit';
import { callApi } from '../../../shared/api/client.ts';

/** Opens a deposit order; the same `requestId` again answers the same order. */
export function createDepositOrder(order: CreateDepositOrder) {
  return callApi(DepositCalls.createOrder, { body: order });
}
