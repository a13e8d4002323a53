import { MemberPaths, ResetByLinkResponseSchema } from '@fortuna/contracts/member';
import { apiSend } from '../../../shared/api/client.ts';

/** The page the forgot-password mail links to sends its one-time token with the new password. */
export function resetPasswordByLink(request: {
  token: string;
  newPassword: string;
  confirmNewPassword: string;
}) {
  return apiSend('POST', MemberPaths.resetByEmailLink, request, ResetByLinkResponseSchema, { sealed: true });
}
