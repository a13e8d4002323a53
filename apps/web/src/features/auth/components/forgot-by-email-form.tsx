import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openDialog } from '../../../shared/ui/dialog/dialog-store.ts';
import { forgotPasswordByEmail } from '../api/forgot-password-by-email.ts';
import { emailMessage, type FieldMessage, USERNAME_HINT, usernameMessage } from '../credential-validation.ts';
import { serverFieldErrors } from '../server-field-errors.ts';
import { failureMessage } from './failure-message.ts';
import { FormField } from './form-field.tsx';

const FIELDS = ['username', 'email'] as const;
type Field = (typeof FIELDS)[number];

const check: Record<Field, (value: string) => FieldMessage | null> = {
  username: usernameMessage,
  email: emailMessage,
};

/**
 * Spec 4.5 e-mail mode: username and e-mail, sent form-urlencoded. The server answers the same
 * whether or not they match an account, so the confirmation (in_been_out) always follows.
 */
export function ForgotByEmailForm({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const say = (message: FieldMessage | null) => (message ? t(message.key, message.values) : undefined);

  function checkOnBlur(event: React.FocusEvent<HTMLFormElement>) {
    const target = event.target;
    if (!(target instanceof HTMLInputElement) || !(target.name in check) || target.value === '') return;
    const field = target.name as Field;
    setErrors((current) => ({ ...current, [field]: say(check[field](target.value)) }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values = {
      username: String(data.get('username') ?? '').trim(),
      email: String(data.get('email') ?? '').trim(),
    };
    const found = { username: say(check.username(values.username)), email: say(check.email(values.email)) };
    setErrors(found);
    setFormError(null);
    if (found.username || found.email) return;
    setBusy(true);
    try {
      await forgotPasswordByEmail(values);
      openDialog({
        icon: 'success',
        title: t('forgot.sentTitle'),
        body: <p>{t('in_been_out')}</p>,
        buttons: [{ labelKey: 'dialog.ok' }],
        testId: 'forgot-sent-dialog',
      });
      onSent();
    } catch (failure) {
      const fieldErrors = serverFieldErrors(failure, FIELDS, t);
      setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length === 0) setFormError(failureMessage(failure, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="account-form" onSubmit={submit} onBlur={checkOnBlur} noValidate>
      <p className="account-note">{t('forgot.emailIntro')}</p>
      <FormField
        name="username"
        label={t('fields.username')}
        required
        hint={say(USERNAME_HINT)}
        error={errors.username}
      >
        {(control) => <input {...control} name="username" autoComplete="username" maxLength={64} />}
      </FormField>
      <FormField name="email" label={t('fields.email')} required error={errors.email}>
        {(control) => <input {...control} name="email" type="email" autoComplete="email" maxLength={254} />}
      </FormField>
      {formError ? (
        <p className="account-form__error" role="alert">
          {formError}
        </p>
      ) : null}
      <button type="submit" className="button button--gold account-form__submit" disabled={busy}>
        {t('forgot.sendLink')}
      </button>
    </form>
  );
}
