import { MemberCalls } from '@fortuna/contracts/member';
import { callApi } from '../../../shared/api/client.ts';

/** Spec 7.1 affiliate check: a wrong code fails with INVITATION_CODE_ERROR. */
export function checkAffiliateCode(code: string, domain: string) {
  return callApi(MemberCalls.affiliate, { query: { code, domain } });
}
