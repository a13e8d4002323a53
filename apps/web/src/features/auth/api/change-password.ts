import { ChangePasswordResponseSchema, MemberPaths } from '@fortuna/contracts/member';
import { apiSend } from '../../../shared/api/client.ts';

/** Spec 7.1 change password, sealed. Answers the session's new token: every other session ended. */
export async function changePassword(request: {
  oldPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}): Promise<string> {
  const answer = await apiSend('POST', MemberPaths.changePassword, request, ChangePasswordResponseSchema, {
    sealed: true,
  });
  return answer.token;
}
