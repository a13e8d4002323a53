import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/api-error.ts';
import { UiIcon } from '../../../shared/art/ui-icon.tsx';
import { usePopups } from '../../../shared/state/popups.ts';
import { NEW_PASSWORD_FIELDS, newPasswordMessage } from '../../../shared/ui/form/credential-validation.ts';
import { FormSubmit } from '../../../shared/ui/form/form-submit.tsx';
import { PageTitle } from '../../../shared/ui/page-title.tsx';
import { resetPasswordByLink } from '../api/reset-password-by-link.ts';
import { NewPasswordFields } from '../components/new-password-fields.tsx';
import { useAccountForm } from '../use-account-form.ts';
import '../components/account-popups.css';
import './reset-password-page.css';

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
  const { errors, formError, busy, checkAll, send } = useAccountForm(NEW_PASSWORD_FIELDS);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values = {
      newPassword: String(data.get('newPassword') ?? ''),
      confirmNewPassword: String(data.get('confirmNewPassword') ?? ''),
    };
    if (!checkAll((field) => newPasswordMessage(field, values))) return;
    await send(async () => {
      try {
        await resetPasswordByLink({ token, ...values });
        setOutcome('done');
      } catch (failure) {
        // A used or expired link is no field's fault: the page says so and offers a new one.
        if (failure instanceof ApiError && failure.code === 'RESET_LINK_INVALID') setOutcome('invalidLink');
        else throw failure;
      }
    });
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
            <NewPasswordFields errors={errors} />
            <FormSubmit error={formError} busy={busy} label={t('resetPassword.submit')} />
          </form>
        ) : null}
      </section>
    </div>
  );
}
