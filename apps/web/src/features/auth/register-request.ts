import type { RegisterMobileRequest, RegisterRequest } from '@fortuna/contracts/member';
import type { RegisterFieldRule } from '@fortuna/contracts/system';
import type { RegisterMethod } from './components/register-fields.ts';
import type { RegisterValues } from './register-validation.ts';

const UNTRIMMED = new Set(['password', 'confirmPassword', 'paymentPassword']);

export type RegisterCall =
  | { method: 'username'; body: RegisterRequest }
  | { method: 'mobile'; body: RegisterMobileRequest };

/**
 * The register payload of spec 3: the shown fields that were filled in, the dialling code with a
 * mobile number, the captcha with its id, the referral code of the link, where the visitor
 * registered (registerUrl, domain), registerMethod WEB and login true so the answer is a session.
 */
export function registerCall(
  method: RegisterMethod,
  fields: readonly RegisterFieldRule[],
  values: RegisterValues & { countryDialingCode?: string },
  context: { captchaId: string | null; referralCode: string | null; href: string; hostname: string },
): RegisterCall {
  const filled: Record<string, string> = {};
  for (const { field } of fields) {
    const raw = values[field] ?? '';
    const value = UNTRIMMED.has(field) ? raw : raw.trim();
    if (value !== '') filled[field] = value;
  }
  if (filled.mobileNum) filled.countryDialingCode = values.countryDialingCode ?? '';
  if (filled.captcha && context.captchaId) filled.captchaId = context.captchaId;
  const common = {
    ...(context.referralCode ? { referralCode: context.referralCode } : {}),
    registerUrl: context.href,
    domain: context.hostname,
    registerMethod: 'WEB' as const,
    login: true,
  };
  if (method === 'mobile') {
    return {
      method,
      body: {
        ...filled,
        mobileNum: filled.mobileNum ?? '',
        countryDialingCode: filled.countryDialingCode ?? '',
        ...common,
      },
    };
  }
  return {
    method,
    body: {
      ...filled,
      username: filled.username ?? '',
      password: filled.password ?? '',
      confirmPassword: filled.confirmPassword ?? '',
      ...common,
    },
  };
}
