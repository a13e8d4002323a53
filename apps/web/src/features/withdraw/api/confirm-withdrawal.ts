import {
  type ConfirmWithdrawal,
  WithdrawalPaths,
  WithdrawalResponseSchema,
} from '@fortuna/contracts/withdrawal';
import { apiSend } from '../../../shared/api/client.ts';

/** Says whether a paid withdrawal arrived (spec 4.10), with proof images when it did not all arrive. */
export function confirmWithdrawal(orderNo: string, confirmation: ConfirmWithdrawal) {
  return apiSend(
    'POST',
    WithdrawalPaths.confirm.replace(':orderNo', encodeURIComponent(orderNo)),
    confirmation,
    WithdrawalResponseSchema,
  );
}
