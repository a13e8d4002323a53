import type { CallBody } from '@fortuna/contracts/call';
import { MemberCalls } from '@fortuna/contracts/member';
import type { LoginValue } from '@fortuna/contracts/session';
import { callApi } from '../../../shared/api/client.ts';

/** Spec 4.5 phone mode: sets the password with the SMS code and answers a logged-in session. */
export function setPasswordByPhone(request: CallBody<typeof MemberCalls.setByPhone>): Promise<LoginValue> {
  return callApi(MemberCalls.setByPhone, { body: request });
}
