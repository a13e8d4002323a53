import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/api-error.ts';
import { UiIcon } from '../../../shared/art/ui-icon.tsx';
import { usePopups } from '../../../shared/state/popups.ts';
import { PageTitle } from '../../../shared/ui/page-title.tsx';
import { resetPasswordByLink } from '../api/reset-password-by-link.ts';
import { failureMessage } from '../components/failure-message.ts';
import { FormField } from '../components/form-field.tsx';
import { PasswordInput } from '../components/password-input.tsx';
import {
  confirmationMessage,
  type FieldMessage,
  PASSWORD_HINT,
  passwordMessage,
} from '../credential-validation.ts';
import { serverFieldErrors } from '../server-field-errors.ts';
import '../components/account-popups.css';
import './reset-password-page.css';

const FIELDS = ['newPassword', 'confirmNewPassword'] as const;
type Field = (typeof FIELDS)[number];
type Outcome = 'form' | 'done' | 'invalidLink';

/**
 * Where the forgot-password mail leads (`/resetPassword?token=…`): a new password for the
 * account of the one-time link. A used, expired or missing link says so and offers a new one.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const showPopup = usePopups((state) => state.show);
  const [answer, setOutcome] = useState<Outcome>('form');
  // A link without its token cannot reset anything.
  const outcome: Outcome = token ? answer : 'invalidLink';
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const say = (message: FieldMessage | null) => (message ? t(message.key, message.values) : undefined);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const newPassword = String(data.get('newPassword') ?? '');
    const confirmNewPassword = String(data.get('confirmNewPassword') ?? '');
    const found = {
      newPassword: say(passwordMessage(newPassword)),
      confirmNewPassword: say(confirmationMessage(newPassword, confirmNewPassword)),
    };
    setErrors(found);
    setFormError(null);
    if (found.newPassword || found.confirmNewPassword) return;
    setBusy(true);
    try {
      await resetPasswordByLink({ token, newPassword, confirmNewPassword });
      setOutcome('done');
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'RESET_LINK_INVALID') {
        setOutcome('invalidLink');
        return;
      }
      const fieldErrors = serverFieldErrors(failure, FIELDS, t);
      setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length === 0) setFormError(failureMessage(failure, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="reset-password">
      <PageTitle icon={<UiIcon name="lock" size={28} />}>{t('resetPassword.title')}</PageTitle>
      <section className="reset-password__card" data-testid="reset-password">
        {outcome === 'done' ? (
          <div className="reset-password__outcome" role="status">
            <UiIcon name="success" size={40} className="reset-password__icon--success" />
            <p>{t('resetPassword.done')}</p>
            <button type="button" className="button button--gold" onClick={() => showPopup('login')}>
              {t('resetPassword.login')}
            </button>
          </div>
        ) : null}
        {outcome === 'invalidLink' ? (
          <div className="reset-password__outcome" role="alert">
            <UiIcon name="warning" size={40} className="reset-password__icon--warning" />
            <p>{t('resetPassword.invalidLink')}</p>
            <button type="button" className="button button--gold" onClick={() => showPopup('forgotPassword')}>
              {t('resetPassword.askAgain')}
            </button>
          </div>
        ) : null}
        {outcome === 'form' ? (
          <form className="account-form" onSubmit={submit} noValidate>
            <p className="account-note">{t('resetPassword.intro')}</p>
            <FormField
              name="newPassword"
              label={t('changePassword.new')}
              required
              hint={say(PASSWORD_HINT)}
              error={errors.newPassword}
            >
              {(control) => <PasswordInput {...control} name="newPassword" autoComplete="new-password" />}
            </FormField>
            <FormField
              name="confirmNewPassword"
              label={t('changePassword.confirm')}
              required
              error={errors.confirmNewPassword}
            >
              {(control) => (
                <PasswordInput {...control} name="confirmNewPassword" autoComplete="new-password" />
              )}
            </FormField>
            {formError ? (
              <p className="account-form__error" role="alert">
                {formError}
              </p>
            ) : null}
            <button type="submit" className="button button--gold account-form__submit" disabled={busy}>
              {t('resetPassword.submit')}
            </button>
          </form>
        ) : null}
      </section>
    </div>
  );
}
