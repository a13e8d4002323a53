import { MemberCalls, type RegisterMobileRequest, type RegisterRequest } from '@fortuna/contracts/member';
import type { LoginValue } from '@fortuna/contracts/session';
import { callApi } from '../../../shared/api/client.ts';

/** Spec 7.1 register: PUT, sealed; answers a logged-in session (login true). */
export function registerByUsername(request: RegisterRequest): Promise<LoginValue> {
  return callApi(MemberCalls.register, { body: request });
}

/** Spec 7.1 mobile register (MOBILENUMREG3): the number is the account. */
export function registerByMobile(request: RegisterMobileRequest): Promise<LoginValue> {
  return callApi(MemberCalls.registerMobile, { body: request });
}
