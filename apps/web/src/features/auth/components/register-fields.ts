import type { RegisterFieldName, RegisterFieldRule } from '@fortuna/contracts/system';

export type RegisterMethod = 'username' | 'mobile';

/**
 * The captcha image and the SMS code need server steps that arrive with the identity module;
 * until then the form does not ask for them.
 */
const LATER_STEPS: readonly RegisterFieldName[] = ['captcha', 'verificationCode'];

/** Spec 2.10: the fields the server enabled, for the chosen registration method. */
export function registerFields(rules: RegisterFieldRule[], method: RegisterMethod): RegisterFieldRule[] {
  return rules.filter(
    (rule) =>
      rule.enabled &&
      !LATER_STEPS.includes(rule.field) &&
      // Registering by mobile number: the number is the account name.
      !(method === 'mobile' && rule.field === 'username'),
  );
}
