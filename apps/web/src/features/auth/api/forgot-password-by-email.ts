import type { CallBody } from '@fortuna/contracts/call';
import { MemberCalls } from '@fortuna/contracts/member';
import { callApi } from '../../../shared/api/client.ts';

/** Spec 7.1: form-urlencoded; the answer is the same whether or not the pair exists. */
export function forgotPasswordByEmail(fields: CallBody<typeof MemberCalls.forgotByEmail>) {
  return callApi(MemberCalls.forgotByEmail, { body: fields });
}
