import { text } from './input-guard.ts';

/**
 * Username and password rules. The specification leaves them to us ("not shown"); they are
 * written here once, shown to people in the forms and enforced by the server.
 */
export const USERNAME_RULE = {
  minLength: 6,
  maxLength: 16,
  /** A letter first, then letters and digits (pattern id 1); stored lower-case. */
  pattern: /^[A-Za-z][A-Za-z0-9]*$/,
} as const;

export const PASSWORD_RULE = {
  minLength: 8,
  maxLength: 64,
  /** At least one letter and one digit; spaces are allowed inside (passphrases). */
  needsLetter: /[A-Za-z]/,
  needsDigit: /\d/,
} as const;

/** Messages are translation keys on the web; the server sends the English wording. */
export const CredentialMessages = {
  usernameLength: `must be ${USERNAME_RULE.minLength} to ${USERNAME_RULE.maxLength} characters`,
  usernamePattern: 'must start with a letter and contain only letters and digits',
  passwordLength: `must be ${PASSWORD_RULE.minLength} to ${PASSWORD_RULE.maxLength} characters`,
  passwordLetterDigit: 'must contain at least one letter and one digit',
  passwordEdgeSpaces: 'must not start or end with a space',
  confirmationMismatch: 'Incorrect confirmation input',
  mobileFormat: 'Phone number format is incorrect',
  dialingCodeFormat: 'must be a country dialling code such as +63',
} as const;

export const UsernameSchema = text()
  .trim()
  .min(USERNAME_RULE.minLength, CredentialMessages.usernameLength)
  .max(USERNAME_RULE.maxLength, CredentialMessages.usernameLength)
  .regex(USERNAME_RULE.pattern, CredentialMessages.usernamePattern)
  .transform((value) => value.toLowerCase());

export const PasswordSchema = text()
  .min(PASSWORD_RULE.minLength, CredentialMessages.passwordLength)
  .max(PASSWORD_RULE.maxLength, CredentialMessages.passwordLength)
  .regex(PASSWORD_RULE.needsLetter, CredentialMessages.passwordLetterDigit)
  .regex(PASSWORD_RULE.needsDigit, CredentialMessages.passwordLetterDigit)
  .refine((value) => value.trim() === value, CredentialMessages.passwordEdgeSpaces);

/** National number without the dialling code: 6 to 15 digits (E.164 allows 15 in all). */
export const MobileNumberSchema = text()
  .trim()
  .regex(/^\d{6,15}$/, CredentialMessages.mobileFormat);

export const DialingCodeSchema = text()
  .trim()
  .regex(/^\+\d{1,4}$/, CredentialMessages.dialingCodeFormat);

/** A one-time code sent by SMS or e-mail: six digits. */
export const ONE_TIME_CODE_LENGTH = 6;
export const OneTimeCodeSchema = text()
  .trim()
  .regex(/^\d{6}$/, 'must be the 6-digit code');

/** Where the free text of a password check fails, for showing the rule next to the field. */
export function passwordProblems(password: string): string[] {
  const result = PasswordSchema.safeParse(password);
  return result.success ? [] : [...new Set(result.error.issues.map((issue) => issue.message))];
}

/**
 * Whether a password holds the account's username, forwards or backwards (the password policy's
 * cheap rule: the server refuses it as PASSWORD_HAS_USERNAME, the lobby says so before sending).
 */
export function passwordContainsUsername(password: string, username: string | undefined): boolean {
  const name = username?.trim().toLowerCase() ?? '';
  if (name.length < 3) return false;
  const lower = password.toLowerCase();
  return lower.includes(name) || lower.includes([...name].reverse().join(''));
}

/** The payment password guards money leaving the wallet: 6 digits, apart from the login password. */
export const PaymentPasswordSchema = text().regex(/^\d{6}$/, 'must be 6 digits');
