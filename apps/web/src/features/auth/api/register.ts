import {
  MemberPaths,
  type RegisterMobileRequest,
  type RegisterRequest,
  RegisterResponseSchema,
} from '@fortuna/contracts/member';
import type { LoginValue } from '@fortuna/contracts/session';
import { apiSend } from '../../../shared/api/client.ts';

/** Spec 7.1 register: PUT, sealed; answers a logged-in session (login true). */
export function registerByUsername(request: RegisterRequest): Promise<LoginValue> {
  return apiSend('PUT', MemberPaths.register, request, RegisterResponseSchema, { sealed: true });
}

/** Spec 7.1 mobile register (MOBILENUMREG3): the number is the account. */
export function registerByMobile(request: RegisterMobileRequest): Promise<LoginValue> {
  return apiSend('PUT', MemberPaths.registerMobile, request, RegisterResponseSchema, { sealed: true });
}
