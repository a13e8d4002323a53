import { LoginRequestSchema, LoginResponseSchema, SessionPaths } from '@fortuna/contracts/session';
import { isModuleEnabled } from '@fortuna/contracts/system';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiSend } from '../../../shared/api/client.ts';
import { useSiteInfo } from '../../../shared/api/site.ts';
import { useNavigateOnce } from '../../../shared/routing/navigate-once.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { DialogFrame } from '../../../shared/ui/dialog/dialog-frame.tsx';
import { AccountTabs } from './account-tabs.tsx';
import { failureMessage } from './failure-message.ts';
import './account-popups.css';

const LOGIN_MODES = ['username', 'sms'] as const;
type Mode = (typeof LOGIN_MODES)[number];

/**
 * The login popup of spec 2.9. Its rules (captcha, SMS, remember-me, forced password change)
 * come with the identity module; this form sends the contract's login call and shows its answer.
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
  const startSession = useSession((state) => state.startSession);
  const navigateOnce = useNavigateOnce();
  const smsLogin = isModuleEnabled(site.whitelabel, 'VERCODELOGIN3');
  const [mode, setMode] = useState<Mode>('username');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const request = LoginRequestSchema.safeParse({
      username: form.get('username'),
      password: form.get('password'),
      type: mode,
    });
    if (!request.success) {
      setError(t(mode === 'username' ? 'login.required' : 'login.requiredSms'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const session = await apiSend('POST', SessionPaths.login, request.data, LoginResponseSchema);
      startSession(session.token);
      onClose();
      // Spec 2.1: after login the player goes home; after an agent-page login, to the agent centre.
      navigateOnce(onAgentPage ? '/agentHome' : '/');
    } catch (failure) {
      setError(failureMessage(failure, t));
    } finally {
      setBusy(false);
    }
  }

  const isUsername = mode === 'username';
  return (
    <DialogFrame title={t('login.title')} onClose={onClose} showCloseButton testId="login-popup" wide>
      {smsLogin ? (
        <AccountTabs
          options={LOGIN_MODES}
          value={mode}
          onChange={setMode}
          labelKey={(tab) => (tab === 'username' ? 'login.byUsername' : 'login.bySms')}
        />
      ) : null}
      <form className="account-form" onSubmit={submit} noValidate>
        <label className="account-field">
          <span>{t(isUsername ? 'login.username' : 'login.mobile')}</span>
          <input
            name="username"
            autoComplete={isUsername ? 'username' : 'tel'}
            inputMode={isUsername ? undefined : 'tel'}
            maxLength={64}
          />
        </label>
        <label className="account-field">
          <span>{t(isUsername ? 'login.password' : 'login.smsCode')}</span>
          <input
            name="password"
            type={isUsername ? 'password' : 'text'}
            autoComplete={isUsername ? 'current-password' : 'one-time-code'}
            maxLength={128}
          />
        </label>
        <div className="account-form__row">
          {/* Spec 6: agent login has no remember-password option. */}
          {onAgentPage ? (
            <span />
          ) : (
            <label className="account-check">
              <input type="checkbox" name="remember" />
              <span>{t('login.remember')}</span>
            </label>
          )}
          <Link className="account-link" to="/help#faq" onClick={onClose}>
            {t('login.forgot')}
          </Link>
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
