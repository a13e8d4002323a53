import type { CallBody } from '@fortuna/contracts/call';
import { VerificationCalls } from '@fortuna/contracts/verification';
import { callApi } from '../../../shared/api/client.ts';

/** Spec 7.1 registration SMS: the number is `mobileNo` here; answers how long the code lasts. */
export function sendRegisterSms(
  request: CallBody<typeof VerificationCalls.smsRegister>,
): Promise<{ expiredMinutes: number }> {
  return callApi(VerificationCalls.smsRegister, { body: request });
}
