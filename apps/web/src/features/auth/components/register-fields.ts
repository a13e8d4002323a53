import { PASSWORD_RULE, USERNAME_RULE } from '@fortuna/contracts/credentials';
import {
  REGISTER_PROFILE_FIELDS,
  type RegisterFieldName,
  type RegisterFieldRule,
} from '@fortuna/contracts/system';

export type RegisterMethod = 'username' | 'mobile';

export interface RegisterFormOptions {
  method: RegisterMethod;
  /** MOBILENUMPASSREG3: registration by mobile also asks for a password. */
  mobilePassword: boolean;
  /** REGMOBVERF3: the mobile number is verified with an SMS code. */
  smsVerification: boolean;
}

type AccountField = 'username' | 'password' | 'confirmPassword' | 'mobileNum' | 'verificationCode';

const fallback = (
  field: AccountField,
  patternId: RegisterFieldRule['patternId'],
  minLength: number,
  maxLength: number,
  type: RegisterFieldRule['type'],
): RegisterFieldRule => ({
  field,
  enabled: true,
  required: true,
  patternId,
  acceptedPattern: '*',
  minLength,
  maxLength,
  type,
});

/** Rules for the fields the register call cannot do without, when the server's list lacks them. */
const ACCOUNT_FALLBACKS: Record<AccountField, RegisterFieldRule> = {
  username: fallback('username', '1', USERNAME_RULE.minLength, USERNAME_RULE.maxLength, 'text'),
  password: fallback('password', '*', PASSWORD_RULE.minLength, PASSWORD_RULE.maxLength, 'password'),
  confirmPassword: fallback('confirmPassword', '*', 1, PASSWORD_RULE.maxLength, 'password'),
  mobileNum: fallback('mobileNum', '6', 6, 15, 'tel'),
  verificationCode: fallback('verificationCode', '*', 1, 255, 'text'),
};

/**
 * The optional fields in the order of spec 2.10: the contract's profile fields, with the mobile
 * number and its code after the QQ number (when registering by username they are optional too).
 */
const PROFILE_FIELDS: readonly RegisterFieldName[] = REGISTER_PROFILE_FIELDS.flatMap(
  (field): RegisterFieldName[] => (field === 'qqNum' ? [field, 'mobileNum', 'verificationCode'] : [field]),
);

/**
 * Spec 2.10: the fields to show, in order. The server's enabled rules decide the profile fields;
 * the account fields of the chosen method are always asked for (the call needs them), with the
 * server's bounds when it sends a rule for them. The captcha comes last.
 */
export function registerFields(
  rules: RegisterFieldRule[],
  options: RegisterFormOptions,
): RegisterFieldRule[] {
  const byName = new Map(rules.map((rule) => [rule.field, rule]));
  const enabled = (field: RegisterFieldName) => {
    const rule = byName.get(field);
    return rule?.enabled ? rule : null;
  };
  const mandatory = (field: AccountField): RegisterFieldRule => ({
    ...(byName.get(field) ?? ACCOUNT_FALLBACKS[field]),
    enabled: true,
    required: true,
  });

  const fields: RegisterFieldRule[] = [];
  if (options.method === 'username') {
    fields.push(mandatory('username'), mandatory('password'), mandatory('confirmPassword'));
  } else {
    // Registering by mobile number: the number is the account name.
    fields.push(mandatory('mobileNum'));
    if (options.smsVerification) fields.push(mandatory('verificationCode'));
    if (options.mobilePassword) fields.push(mandatory('password'), mandatory('confirmPassword'));
  }
  for (const field of PROFILE_FIELDS) {
    if (field === 'mobileNum' || field === 'verificationCode') {
      if (options.method === 'mobile') continue;
      // A number to verify must be given; without SMS verification it follows its own rule.
      if (options.smsVerification) fields.push(mandatory(field));
      else if (field === 'mobileNum' && enabled(field)) fields.push(enabled(field) as RegisterFieldRule);
      continue;
    }
    const rule = enabled(field);
    if (rule) fields.push(rule);
  }
  const captcha = enabled('captcha');
  if (captcha) fields.push(captcha);
  return fields;
}
