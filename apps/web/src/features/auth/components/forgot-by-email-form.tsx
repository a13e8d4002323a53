import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { openDialog } from '../../../shared/ui/dialog/dialog-store.ts';
import {
  emailMessage,
  type FieldMessage,
  USERNAME_HINT,
  usernameMessage,
} from '../../../shared/ui/form/credential-validation.ts';
import { FormField } from '../../../shared/ui/form/form-field.tsx';
import { FormSubmit } from '../../../shared/ui/form/form-submit.tsx';
import { forgotPasswordByEmail } from '../api/forgot-password-by-email.ts';
import { useAccountForm } from '../use-account-form.ts';

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
  const { errors, setErrors, formError, busy, say, checkAll, send } = useAccountForm(FIELDS);

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
    if (!checkAll((field) => check[field](values[field]))) return;
    await send(async () => {
      await forgotPasswordByEmail(values);
      openDialog({
        icon: 'success',
        title: t('forgot.sentTitle'),
        body: <p>{t('in_been_out')}</p>,
        buttons: [{ labelKey: 'dialog.ok' }],
        testId: 'forgot-sent-dialog',
      });
      onSent();
    });
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
      <FormSubmit error={formError} busy={busy} label={t('forgot.sendLink')} />
    </form>
  );
}
