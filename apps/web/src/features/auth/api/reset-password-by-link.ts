import type { CallBody } from '@fortuna/contracts/call';
import { MemberCalls } from '@fortuna/contracts/member';
import { callApi } from '../../../shared/api/client.ts';

/** The page the forgot-password mail links to sends its one-time token with the new password. */
export function resetPasswordByLink(request: CallBody<typeof MemberCalls.resetByEmailLink>) {
  return callApi(MemberCalls.resetByEmailLink, { body: request });
}
