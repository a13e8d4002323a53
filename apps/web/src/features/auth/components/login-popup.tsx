import { LoginResponseSchema, SessionPaths } from '@fortuna/contracts/session';
import { isModuleEnabled } from '@fortuna/contracts/system';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error.ts';
import { api } from '../../../shared/api/client.ts';
import { useSiteInfo } from '../../../shared/api/site.ts';
import { DialogFrame } from '../../../shared/ui/dialog/dialog-frame.tsx';
import './account-popups.css';

type Mode = 'username' | 'sms';

/**
 * The login popup of spec 2.9. Its rules (captcha, slider, SMS, forced password change) come
 * with the identity module; this form sends the contract's login call and shows its answer.
 */
export function LoginPopup({
  onClose,
  onRegister,
  onAgentPage,
}: {
  onClose: () => void;
  onRegister: () => void;
  onAgentPage: boolean;
}) {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const smsLogin = isModuleEnabled(site.whitelabel, 'VERCODELOGIN3');
  const [mode, setMode] = useState<Mode>('username');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const username = String(form.get('username') ?? '').trim();
    const password = String(form.get('password') ?? '');
    if (!username || !password) {
      setError(t('login.required'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.send('POST', SessionPaths.login, LoginResponseSchema, { username, password, type: mode });
      onClose();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('errors.unknown'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <DialogFrame title={t('login.title')} onClose={onClose} showCloseButton testId="login-popup" wide>
      {smsLogin ? (
        <div className="account-tabs" role="tablist">
          {(['username', 'sms'] as const).map((tab) => (
            <button
              key={tab}
              type="button"
              role="tab"
              aria-selected={mode === tab}
              className="account-tabs__tab"
              onClick={() => setMode(tab)}
            >
              {t(tab === 'username' ? 'login.byUsername' : 'login.bySms')}
            </button>
          ))}
        </div>
      ) : null}
      <form className="account-form" onSubmit={submit} noValidate>
        <label className="account-field">
          <span>{t(mode === 'username' ? 'login.username' : 'login.mobile')}</span>
          <input
            name="username"
            autoComplete={mode === 'username' ? 'username' : 'tel'}
            inputMode={mode === 'sms' ? 'tel' : undefined}
            maxLength={64}
          />
        </label>
        <label className="account-field">
          <span>{t(mode === 'username' ? 'login.password' : 'login.smsCode')}</span>
          <input
            name="password"
            type={mode === 'username' ? 'password' : 'text'}
            autoComplete={mode === 'username' ? 'current-password' : 'one-time-code'}
            maxLength={128}
          />
        </label>
        <div className="account-form__row">
          {onAgentPage ? (
            <span />
          ) : (
            <label className="account-check">
              <input type="checkbox" name="remember" />
              <span>{t('login.remember')}</span>
            </label>
          )}
          <a className="account-link" href="/help#faq">
            {t('login.forgot')}
          </a>
        </div>
        {error ? (
          <p className="account-form__error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button button--gold account-form__submit" disabled={busy}>
          {t('login.submit')}
        </button>
        <p className="account-form__switch">
          {t('login.noAccount')}{' '}
          <button type="button" className="account-link" onClick={onRegister}>
            {t('login.registerNow')}
          </button>
        </p>
      </form>
    </DialogFrame>
  );
}
