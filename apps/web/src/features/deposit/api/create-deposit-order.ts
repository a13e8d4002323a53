import {
  type CreateDepositOrder,
  DepositOrderResponseSchema,
  DepositPaths,
} from '@fortuna/contracts/deposit';
import { apiSend } from '../../../shared/api/client.ts';

/** Opens a deposit order; the same `requestId` again answers the same order. */
export function createDepositOrder(order: CreateDepositOrder) {
  return apiSend('POST', DepositPaths.orders, order, DepositOrderResponseSchema);
}
