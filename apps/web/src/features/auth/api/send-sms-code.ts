import { SmsSentResponseSchema, VerificationPaths } from '@fortuna/contracts/verification';
import { apiSend } from '../../../shared/api/client.ts';

/** Spec 7.1: a code by SMS without a session (login or password reset); answers how long it lasts. */
export function sendSmsCode(request: {
  mobileNum: string;
  countryDialingCode: string;
  purpose: 'login' | 'resetPassword';
  sliderTicket: string;
}): Promise<{ expiredMinutes: number }> {
  return apiSend('POST', VerificationPaths.smsNoLogin, request, SmsSentResponseSchema);
}
