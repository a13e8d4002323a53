import type { CallBody } from '@fortuna/contracts/call';
import { MemberCalls } from '@fortuna/contracts/member';
import { callApi } from '../../../shared/api/client.ts';

/** Spec 7.1 change password, sealed. Answers the session's new token: every other session ended. */
export async function changePassword(request: CallBody<typeof MemberCalls.changePassword>): Promise<string> {
  const answer = await callApi(MemberCalls.changePassword, { body: request });
  return answer.token;
}
