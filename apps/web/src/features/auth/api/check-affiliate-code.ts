import { AffiliateResponseSchema, MemberPaths } from '@fortuna/contracts/member';
import { apiGet } from '../../../shared/api/client.ts';

/** Spec 7.1 affiliate check: a wrong code fails with INVITATION_CODE_ERROR. */
export function checkAffiliateCode(code: string, domain: string) {
  return apiGet(MemberPaths.affiliate, AffiliateResponseSchema, { query: { code, domain } });
}
