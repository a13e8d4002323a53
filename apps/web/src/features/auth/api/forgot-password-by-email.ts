import { ForgotByEmailResponseSchema, MemberPaths } from '@fortuna/contracts/member';
import { apiSendForm } from '../../../shared/api/client.ts';

/** Spec 7.1: form-urlencoded; the answer is the same whether or not the pair exists. */
export function forgotPasswordByEmail(fields: { username: string; email: string }) {
  return apiSendForm(MemberPaths.forgotByEmail, fields, ForgotByEmailResponseSchema);
}
