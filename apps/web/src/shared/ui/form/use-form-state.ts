import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from './failure-message.ts';
import type { FailureVocabulary, FieldMessage } from './field-message.ts';
import { serverFieldErrors } from './server-field-errors.ts';

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/**
 * What every form keeps between renders: a message beneath each field, one for the whole form,
 * and whether its call is under way. A failed call's messages go beneath the fields the server
 * names (spec 8), or above the submit button when it names none of `fields`.
 */
export function useFormState<Field extends string>(
  fields: readonly Field[],
  vocabulary: FailureVocabulary = {},
) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** A rule's message in the visitor's language; nothing when the value passed. */
  const say = (message: FieldMessage | null | undefined) =>
    message ? t(message.key, message.values) : undefined;

  /** Shows what the checks before sending found in each field; true when nothing stops the call. */
  function checkAll(messageOf: (field: Field) => FieldMessage | null | undefined): boolean {
    const found: FieldErrors<Field> = {};
    for (const field of fields) {
      const message = say(messageOf(field));
      if (message) found[field] = message;
    }
    setErrors(found);
    setFormError(null);
    return Object.keys(found).length === 0;
  }

  function showFailure(failure: unknown) {
    const byField = serverFieldErrors(failure, fields, t, vocabulary);
    setErrors(byField);
    setFormError(Object.keys(byField).length > 0 ? null : failureMessage(failure, t));
  }

  /** Runs the form's call with the submit held; its failure is shown by field or for the form. */
  async function send(call: () => Promise<void>) {
    setBusy(true);
    try {
      await call();
    } catch (failure) {
      showFailure(failure);
    } finally {
      setBusy(false);
    }
  }

  return { errors, setErrors, formError, setFormError, busy, setBusy, say, checkAll, showFailure, send };
}
