import { MemberPaths, SetByPhoneResponseSchema } from '@fortuna/contracts/member';
import type { LoginValue } from '@fortuna/contracts/session';
import { apiSend } from '../../../shared/api/client.ts';

/** Spec 4.5 phone mode: sets the password with the SMS code and answers a logged-in session. */
export function setPasswordByPhone(request: {
  mobileNum: string;
  countryDialingCode: string;
  verificationCode: string;
  newPassword: string;
  confirmNewPassword: string;
}): Promise<LoginValue> {
  return apiSend('POST', MemberPaths.setByPhone, request, SetByPhoneResponseSchema, { sealed: true });
}
