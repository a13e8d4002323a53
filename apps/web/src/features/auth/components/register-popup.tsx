import { MemberPaths, RegisterResponseSchema } from '@fortuna/contracts/member';
import { isModuleEnabled } from '@fortuna/contracts/system';
import { type FormEvent, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiSend } from '../../../shared/api/client.ts';
import { useSiteInfo } from '../../../shared/api/site.ts';
import { useNavigateOnce } from '../../../shared/routing/navigate-once.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { DialogFrame } from '../../../shared/ui/dialog/dialog-frame.tsx';
import { useRegisterSettings } from '../api/get-register-settings.ts';
import { AccountTabs } from './account-tabs.tsx';
import { failureMessage } from './failure-message.ts';
import { type RegisterMethod, registerFields } from './register-fields.ts';
import './account-popups.css';

/**
 * The register popup of spec 2.10, its fields driven by the server's field rules. Pattern
 * validation, captcha and SMS steps come with the identity module, which also answers the call.
 */
export function RegisterPopup({ onClose, onLogin }: { onClose: () => void; onLogin: () => void }) {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const settings = useRegisterSettings();
  const startSession = useSession((state) => state.startSession);
  const navigateOnce = useNavigateOnce();
  const methods: RegisterMethod[] = [
    ...(isModuleEnabled(site.whitelabel, 'USERNAMEREG3') ? (['username'] as const) : []),
    ...(isModuleEnabled(site.whitelabel, 'MOBILENUMREG3') ? (['mobile'] as const) : []),
  ];
  const [method, setMethod] = useState<RegisterMethod>(methods[0] ?? 'username');
  const [termsError, setTermsError] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fields = registerFields(settings.data ?? [], method);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const termsAccepted = form.get('terms') === 'on';
    setTermsError(!termsAccepted);
    if (!termsAccepted) return;
    const missing = fields.find((rule) => rule.required && !String(form.get(rule.field) ?? '').trim());
    if (missing) {
      setError(t('register.required', { field: t(`fields.${missing.field}`) }));
      return;
    }
    setError(null);
    setBusy(true);
    const values = Object.fromEntries(fields.map((rule) => [rule.field, String(form.get(rule.field) ?? '')]));
    const path = method === 'mobile' ? MemberPaths.registerMobile : MemberPaths.register;
    try {
      // Spec 7.1: PUT with the registration fields and login true, so the new member is logged in.
      const session = await apiSend('PUT', path, { ...values, login: true }, RegisterResponseSchema);
      startSession(session.token);
      onClose();
      navigateOnce('/');
    } catch (failure) {
      setError(failureMessage(failure, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <DialogFrame title={t('register.title')} onClose={onClose} showCloseButton testId="register-popup" wide>
      {methods.length > 1 ? (
        <AccountTabs
          options={methods}
          value={method}
          onChange={setMethod}
          labelKey={(option) => (option === 'username' ? 'register.byUsername' : 'register.byMobile')}
        />
      ) : null}
      {settings.isPending ? <p role="status">{t('register.loadingFields')}</p> : null}
      {settings.isError ? (
        <p className="account-form__error" role="alert">
          {failureMessage(settings.error, t)}
        </p>
      ) : null}
      <form className="account-form" onSubmit={submit} noValidate>
        {fields.map((rule) => (
          <label key={rule.field} className="account-field">
            <span>
              {t(`fields.${rule.field}`)}
              {rule.required ? (
                <span className="account-field__required" aria-hidden="true">
                  {' '}
                  *
                </span>
              ) : null}
            </span>
            <input
              name={rule.field}
              type={rule.type}
              required={rule.required}
              minLength={rule.minLength}
              maxLength={rule.maxLength}
              autoComplete={rule.type === 'password' ? 'new-password' : 'off'}
            />
          </label>
        ))}
        <label className="account-check">
          <input
            type="checkbox"
            name="terms"
            aria-invalid={termsError}
            aria-describedby={termsError ? 'terms-error' : undefined}
          />
          <span>
            <Trans
              i18nKey="register.terms"
              components={{ terms: <Link className="account-link" to="/help#term" onClick={onClose} /> }}
            />
          </span>
        </label>
        {termsError ? (
          <p id="terms-error" className="account-form__error">
            {t('register.termsRequired')}
          </p>
        ) : null}
        {error ? (
          <p className="account-form__error" role="alert">
            {error}
          </p>
        ) : null}
        <button
          type="submit"
          className="button button--gold account-form__submit"
          disabled={busy || !settings.data}
        >
          {t('register.submit')}
        </button>
        <p className="account-form__switch">
          {t('register.haveAccount')}{' '}
          <button type="button" className="account-link" onClick={onLogin}>
            {t('register.loginNow')}
          </button>
        </p>
      </form>
    </DialogFrame>
  );
}
