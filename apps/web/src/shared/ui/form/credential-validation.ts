import {
  CredentialMessages,
  MobileNumberSchema,
  OneTimeCodeSchema,
  PASSWORD_RULE,
  passwordProblems,
  USERNAME_RULE,
} from '@fortuna/contracts/credentials';
import { ForgotByEmailRequestSchema } from '@fortuna/contracts/member';

import type { FieldMessage } from './field-message.ts';

export type { FieldMessage };

export const REQUIRED: FieldMessage = { key: 'validation.required' };

/** Spec 5: the bounds substituted, and one number when min equals max. */
export function lengthMessage(min: number, max: number): FieldMessage {
  return min === max
    ? { key: 'validation.lengthExact', values: { count: min } }
    : { key: 'validation.length', values: { min, max } };
}

/** The rules shown under the username and password fields, so people know them before typing. */
export const USERNAME_HINT: FieldMessage = {
  key: 'validation.usernameHint',
  values: { min: USERNAME_RULE.minLength, max: USERNAME_RULE.maxLength },
};
export const PASSWORD_HINT: FieldMessage = {
  key: 'validation.passwordHint',
  values: { min: PASSWORD_RULE.minLength, max: PASSWORD_RULE.maxLength },
};

/** The contract's English wording of a credential problem, as the key the lobby translates. */
const CREDENTIAL_MESSAGE_KEYS: Record<string, FieldMessage> = {
  [CredentialMessages.usernameLength]: lengthMessage(USERNAME_RULE.minLength, USERNAME_RULE.maxLength),
  [CredentialMessages.usernamePattern]: { key: 'validation.usernamePattern' },
  [CredentialMessages.passwordLength]: lengthMessage(PASSWORD_RULE.minLength, PASSWORD_RULE.maxLength),
  [CredentialMessages.passwordLetterDigit]: { key: 'validation.passwordLetterDigit' },
  [CredentialMessages.passwordEdgeSpaces]: { key: 'validation.passwordEdgeSpaces' },
  [CredentialMessages.confirmationMismatch]: { key: 'validation.confirmationMismatch' },
  [CredentialMessages.mobileFormat]: { key: 'validation.mobileFormat' },
  [CredentialMessages.dialingCodeFormat]: { key: 'validation.dialingCodeFormat' },
};

/** A credential message the server sent for a field, translatable when it is one of the contract's. */
export function credentialMessageOf(serverMessage: string): FieldMessage | null {
  return CREDENTIAL_MESSAGE_KEYS[serverMessage] ?? null;
}

export function usernameMessage(raw: string): FieldMessage | null {
  const value = raw.trim();
  if (value === '') return REQUIRED;
  if (value.length < USERNAME_RULE.minLength || value.length > USERNAME_RULE.maxLength)
    return lengthMessage(USERNAME_RULE.minLength, USERNAME_RULE.maxLength);
  if (!USERNAME_RULE.pattern.test(value)) return { key: 'validation.usernamePattern' };
  return null;
}

export function passwordMessage(value: string): FieldMessage | null {
  if (value === '') return REQUIRED;
  const [first] = passwordProblems(value);
  if (first === undefined) return null;
  return credentialMessageOf(first) ?? { key: 'validation.passwordInvalid' };
}

/** Spec 5: the confirmation is required and equal to the new password. */
export function confirmationMessage(password: string, confirmation: string): FieldMessage | null {
  if (confirmation === '') return REQUIRED;
  return confirmation === password ? null : { key: 'validation.confirmationMismatch' };
}

/** The new-password pair of the password forms: the password and its confirmation. */
export const NEW_PASSWORD_FIELDS = ['newPassword', 'confirmNewPassword'] as const;
export type NewPasswordField = (typeof NEW_PASSWORD_FIELDS)[number];

/** Spec 5: the new password by the password rule, its confirmation required and equal to it. */
export function newPasswordMessage(
  field: NewPasswordField,
  values: Record<NewPasswordField, string>,
): FieldMessage | null {
  return field === 'newPassword'
    ? passwordMessage(values.newPassword)
    : confirmationMessage(values.newPassword, values.confirmNewPassword);
}

export function emailMessage(raw: string): FieldMessage | null {
  if (raw.trim() === '') return REQUIRED;
  return ForgotByEmailRequestSchema.shape.email.safeParse(raw).success ? null : { key: 'validation.email' };
}

/** Spec 8: "missing phone number" and "Phone number format is incorrect". */
export function mobileMessage(raw: string): FieldMessage | null {
  if (raw.trim() === '') return { key: 'validation.mobileRequired' };
  return MobileNumberSchema.safeParse(raw).success ? null : { key: 'validation.mobileFormat' };
}

/** Spec 8: "missing verification code" and "invalid verification code" (six digits). */
export function smsCodeMessage(raw: string): FieldMessage | null {
  if (raw.trim() === '') return { key: 'validation.codeRequired' };
  return OneTimeCodeSchema.safeParse(raw).success ? null : { key: 'validation.codeFormat' };
}
