import { SmsSentResponseSchema, VerificationPaths } from '@fortuna/contracts/verification';
import { apiSend } from '../../../shared/api/client.ts';

/** Spec 7.1 registration SMS: the number is `mobileNo` here; answers how long the code lasts. */
export function sendRegisterSms(request: {
  mobileNo: string;
  countryDialingCode: string;
  sliderTicket: string;
}): Promise<{ expiredMinutes: number }> {
  return apiSend('POST', VerificationPaths.smsRegister, request, SmsSentResponseSchema);
}
