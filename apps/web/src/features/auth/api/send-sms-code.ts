import type { CallBody } from '@fortuna/contracts/call';
import { VerificationCalls } from '@fortuna/contracts/verification';
import { callApi } from '../../../shared/api/client.ts';

/** Spec 7.1: a code by SMS without a session (login or password reset); answers how long it lasts. */
export function sendSmsCode(
  request: CallBody<typeof VerificationCalls.smsNoLogin>,
): Promise<{ expiredMinutes: number }> {
  return callApi(VerificationCalls.smsNoLogin, { body: request });
}
