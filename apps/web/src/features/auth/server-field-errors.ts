import type { TFunction } from 'i18next';
import { ApiError } from '../../shared/api/api-error.ts';
import { failureMessage } from './components/failure-message.ts';
import { credentialMessageOf } from './credential-validation.ts';

/** Failures that belong to one field even when the server names no field. */
const FIELD_OF_CODE: Record<string, string> = {
  CAPTCHA_INVALID: 'captcha',
  SMS_CODE_INVALID: 'verificationCode',
  SMS_CODE_EXPIRED: 'verificationCode',
  SMS_TOO_MANY_TRIES: 'verificationCode',
  INVITATION_CODE_ERROR: 'affiliateCode',
  WRONG_PASSWORD: 'oldPassword',
  USERNAME_TAKEN: 'username',
  MOBILE_TAKEN: 'mobileNum',
};

/**
 * A failed call's messages by form field: the server names a field as `body.<field>` (spec 8:
 * field errors appear beneath inputs). Validation messages of the credential rules and catalogue
 * codes are translated; other validation wording is the server's. Only `fields` of the form count.
 */
export function serverFieldErrors<Field extends string>(
  failure: unknown,
  fields: readonly Field[],
  t: TFunction,
): Partial<Record<Field, string>> {
  if (!(failure instanceof ApiError)) return {};
  const ofForm = (name: string | undefined): name is Field =>
    name !== undefined && (fields as readonly string[]).includes(name);
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of failure.issues) {
    const field = issue.field.startsWith('body.') ? issue.field.slice('body.'.length) : undefined;
    if (!ofForm(field) || errors[field]) continue;
    const known = credentialMessageOf(issue.message);
    errors[field] = known
      ? t(known.key, known.values)
      : failure.code === 'VALIDATION_FAILED'
        ? issue.message
        : failureMessage(failure, t);
  }
  const codeField = FIELD_OF_CODE[failure.code];
  if (Object.keys(errors).length === 0 && ofForm(codeField)) errors[codeField] = failureMessage(failure, t);
  return errors;
}
