import { type CaptchaValue, VerificationCalls } from '@fortuna/contracts/verification';
import { callApi } from '../../api/client.ts';

/** A new single-use captcha; never cached, every call draws a fresh image. */
export function fetchCaptcha(): Promise<CaptchaValue> {
  return callApi(VerificationCalls.captcha);
}
