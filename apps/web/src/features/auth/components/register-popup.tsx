import { MemberPaths, RegisterResponseSchema } from '@fortuna/contracts/session';
import { isModuleEnabled } from '@fortuna/contracts/system';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error.ts';
import { api } from '../../../shared/api/client.ts';
import { useSiteInfo } from '../../../shared/api/site.ts';
import { DialogFrame } from '../../../shared/ui/dialog/dialog-frame.tsx';
import './account-popups.css';

type Method = 'username' | 'mobile';

/**
 * The register popup of spec 2.10, its fields driven by the server's field rules. Pattern
 * validation, captcha and SMS steps come with the identity module, which also answers the call.
 */
export function RegisterPopup({ onClose, onLogin }: { onClose: () => void; onLogin: () => void }) {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const methods: Method[] = [
    ...(isModuleEnabled(site.whitelabel, 'USERNAMEREG3') ? (['username'] as const) : []),
    ...(isModuleEnabled(site.whitelabel, 'MOBILENUMREG3') ? (['mobile'] as const) : []),
  ];
  const [method, setMethod] = useState<Method>(methods[0] ?? 'username');
  const [termsError, setTermsError] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fields = site.registerFieldRules.filter(
    (rule) =>
      rule.enabled &&
      rule.field !== 'captcha' &&
      rule.field !== 'verificationCode' &&
      !(method === 'mobile' && rule.field === 'username'),
  );

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
    const values = Object.fromEntries(fields.map((rule) => [rule.field, String(form.get(rule.field) ?? '')]));
    const path = method === 'mobile' ? MemberPaths.registerMobile : MemberPaths.register;
    try {
      await api.send('PUT', path, RegisterResponseSchema, { ...values, registerMethod: 'WEB', login: true });
      onClose();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('errors.unknown'));
    }
  }

  return (
    <DialogFrame title={t('register.title')} onClose={onClose} showCloseButton testId="register-popup" wide>
      {methods.length > 1 ? (
        <div className="account-tabs" role="tablist">
          {methods.map((option) => (
            <button
              key={option}
              type="button"
              role="tab"
              aria-selected={method === option}
              className="account-tabs__tab"
              onClick={() => setMethod(option)}
            >
              {t(option === 'username' ? 'register.byUsername' : 'register.byMobile')}
            </button>
          ))}
        </div>
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
          <span>{t('register.terms')}</span>
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
        <button type="submit" className="button button--gold account-form__submit">
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
