import { MemberCalls } from '@fortuna/contracts/member';
import { callApi } from '../../../shared/api/client.ts';

/** Spec 4.2 step 4: the first-login action marks the member as having logged in before. */
export function markFirstLoginDone(): Promise<{ firstTimeLogin: false }> {
  return callApi(MemberCalls.firstLogin);
}
