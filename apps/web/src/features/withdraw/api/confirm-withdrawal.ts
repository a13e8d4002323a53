import { type ConfirmWithdrawal, PROOF_IMAGE_FIELD, WithdrawalCalls } from '@fortuna/contracts/withdrawal';
import { callApi } from '../../../shared/api/client.ts';

/**
 * Says whether a paid withdrawal arrived (spec 4.10), with proof images when it did not all arrive:
 * multipart, so the files travel as they are and the server reads them as they stream in.
 */
export function confirmWithdrawal(orderNo: string, confirmation: ConfirmWithdrawal, images: File[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(confirmation)) {
    if (value !== undefined) form.append(name, value);
  }
  for (const image of images) form.append(PROOF_IMAGE_FIELD, image, image.name);
  return callApi(WithdrawalCalls.confirm, { params: { orderNo }, body: form });
}
