import type { TFunction } from 'i18next';
import { ApiError } from '../../api/api-error.ts';
import { failureMessage } from './failure-message.ts';
import type { FailureVocabulary } from './field-message.ts';

/**
 * A failed call's messages by form field: the server names a field as `body.<field>` (spec 8:
 * field errors appear beneath inputs). Wordings the form's vocabulary knows and catalogue codes
 * are translated; other validation wording is the server's. Only `fields` of the form count.
 */
export function serverFieldErrors<Field extends string>(
  failure: unknown,
  fields: readonly Field[],
  t: TFunction,
  vocabulary: FailureVocabulary = {},
): Partial<Record<Field, string>> {
  if (!(failure instanceof ApiError)) return {};
  const ofForm = (name: string | undefined): name is Field =>
    name !== undefined && (fields as readonly string[]).includes(name);
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of failure.issues) {
    const field = issue.field.startsWith('body.') ? issue.field.slice('body.'.length) : undefined;
    if (!ofForm(field) || errors[field]) continue;
    const known = vocabulary.knownMessage?.(issue.message);
    errors[field] = known
      ? t(known.key, known.values)
      : failure.code === 'VALIDATION_FAILED'
        ? issue.message
        : failureMessage(failure, t);
  }
  const codeField = vocabulary.fieldOfCode?.[failure.code];
  if (Object.keys(errors).length === 0 && ofForm(codeField)) errors[codeField] = failureMessage(failure, t);
  return errors;
}
