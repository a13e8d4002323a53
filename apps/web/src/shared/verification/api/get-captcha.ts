import { CaptchaResponseSchema, type CaptchaValue, VerificationPaths } from '@fortuna/contracts/verification';
import { apiGet } from '../../api/client.ts';

/** A new single-use captcha; never cached, every call draws a fresh image. */
export function fetchCaptcha(): Promise<CaptchaValue> {
  return apiGet(VerificationPaths.captcha, CaptchaResponseSchema);
}
