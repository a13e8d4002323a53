import { SMS_SEND_THROTTLE_MS } from '@fortuna/contracts/constants';
import { LoginFailureValueSchema, type LoginType } from '@fortuna/contracts/session';
import { isModuleEnabled } from '@fortuna/contracts/system';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error.ts';
import { useSiteInfo } from '../../../shared/api/site.ts';
import { usePopups } from '../../../shared/state/popups.ts';
import { mobileMessage } from '../../../shared/ui/form/credential-validation.ts';
import { failureMessage } from '../../../shared/ui/form/failure-message.ts';
import { FormField } from '../../../shared/ui/form/form-field.tsx';
import { FormSubmit } from '../../../shared/ui/form/form-submit.tsx';
import { PasswordInput } from '../../../shared/ui/form/password-input.tsx';
import { CaptchaField } from '../../../shared/verification/components/captcha-field.tsx';
import { useSliderTicket } from '../../../shared/verification/use-slider-ticket.tsx';
import { startFreePlay } from '../api/free-play.ts';
import { login } from '../api/login.ts';
import { sendSmsCode } from '../api/send-sms-code.ts';
import { useCompleteLogin } from '../complete-login.ts';
import { buildLoginRequest } from '../login-request.ts';
import { forgetLogin, readRememberedLogin, rememberLogin } from '../remember-me.ts';
import { useAccountForm } from '../use-account-form.ts';
import { AccountSwitch } from './account-switch.tsx';
import { AccountTabs } from './account-tabs.tsx';
import { DEFAULT_DIALING_CODE, MobileNumberField } from './mobile-number-field.tsx';
import { SmsCodeField, SmsNotSent, sliderTicketOrNotSent } from './sms-code-field.tsx';
import { enabledSocialProviders, SocialSignIn } from './social-sign-in.tsx';
import './account-popups.css';
import './login-form.css';

const LOGIN_MODES = ['username', 'sms'] as const;
/** Fields whose server errors show beneath them. */
const FORM_FIELDS = ['username', 'password', 'captcha', 'countryDialingCode', 'locationCode'] as const;

/**
 * The login form of spec 2.9 and 4.2, in the login popup and on the agent landing page. Username
 * mode passes the slider before each submit and shows the captcha once the server demands it; SMS
 * mode (VERCODELOGIN3) sends a code to the mobile number. A login from a new location asks for
 * the code the server sent. Remember me keeps the username (never the password) for a day; the
 * agent page has none (spec 6).
 */
export function LoginForm({ page, onRegister }: { page: 'lobby' | 'agent'; onRegister?: () => void }) {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const showPopup = usePopups((state) => state.show);
  const completeLogin = useCompleteLogin();
  const loginSlider = useSliderTicket('login');
  const smsSlider = useSliderTicket('sms');
  const formRef = useRef<HTMLFormElement>(null);
  const lastSmsAt = useRef(0);
  const smsLogin = isModuleEnabled(site.whitelabel, 'VERCODELOGIN3');
  const freePlayOn = isModuleEnabled(site.whitelabel, 'FREEPLAY3');
  const [remembered] = useState(() => (page === 'lobby' ? readRememberedLogin() : null));
  const [mode, setMode] = useState<LoginType>(smsLogin && remembered?.type === 'sms' ? 'sms' : 'username');
  const [captchaShown, setCaptchaShown] = useState(false);
  const [captchaId, setCaptchaId] = useState<string | null>(null);
  const [captchaReloadKey, setCaptchaReloadKey] = useState(0);
  const [locationDestination, setLocationDestination] = useState<string | null>(null);
  const {
    errors: fieldErrors,
    setErrors: setFieldErrors,
    formError,
    setFormError,
    busy,
    setBusy,
    say,
    showFailure: showFieldFailure,
  } = useAccountForm(FORM_FIELDS);

  function changeMode(next: LoginType) {
    setMode(next);
    setFieldErrors({});
    setFormError(null);
    setLocationDestination(null);
  }

  function showFailure(failure: unknown) {
    const value = failure instanceof ApiError ? LoginFailureValueSchema.safeParse(failure.value) : null;
    const demanded = value?.success === true && value.data.captcha;
    // Once demanded the captcha stays; each answer is single use, so a failed submit needs a new one.
    if (demanded) setCaptchaShown(true);
    if (demanded || captchaShown) setCaptchaReloadKey((key) => key + 1);
    const locationCheck = value?.success ? value.data.locationCheck : undefined;
    if (locationCheck) {
      setLocationDestination(locationCheck.destination);
      setFieldErrors({});
      setFormError(null);
      return;
    }
    showFieldFailure(failure);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const draft = buildLoginRequest(form, {
      mode,
      page,
      captchaShown,
      captchaId,
      locationCheck: locationDestination !== null,
    });
    if (!draft.ok) {
      setFormError(say(draft.formMessage) ?? null);
      setFieldErrors(Object.fromEntries(Object.entries(draft.fieldMessages).map(([k, m]) => [k, say(m)])));
      return;
    }
    setFieldErrors({});
    setFormError(null);
    setBusy(true);
    try {
      let sliderTicket: string | undefined;
      if (mode === 'username') {
        sliderTicket = await loginSlider.request().catch(() => undefined);
        // Closing the slider stops here, quietly: nothing was sent.
        if (sliderTicket === undefined) return;
      }
      const value = await login({ ...draft.request, sliderTicket });
      if (page === 'lobby') keepOrForget(form, draft.request.username);
      await completeLogin(value, { type: mode, page });
    } catch (failure) {
      showFailure(failure);
    } finally {
      setBusy(false);
    }
  }

  function keepOrForget(form: FormData, username: string) {
    if (form.get('remember') !== 'on') forgetLogin();
    else if (mode === 'sms')
      rememberLogin({
        type: 'sms',
        mobile: username,
        countryDialingCode: String(form.get('countryDialingCode') ?? DEFAULT_DIALING_CODE),
      });
    else rememberLogin({ type: 'username', username });
  }

  async function sendLoginCode(): Promise<number> {
    // Spec 4.7: the login SMS button answers at most once a second.
    if (Date.now() - lastSmsAt.current < SMS_SEND_THROTTLE_MS) throw new SmsNotSent();
    lastSmsAt.current = Date.now();
    const form = new FormData(formRef.current ?? undefined);
    const mobileNum = String(form.get('username') ?? '').trim();
    const problem = mobileMessage(mobileNum);
    setFieldErrors(problem ? { username: say(problem) } : {});
    if (problem) throw new SmsNotSent();
    const sliderTicket = await sliderTicketOrNotSent(smsSlider.request);
    const countryDialingCode = String(form.get('countryDialingCode') ?? DEFAULT_DIALING_CODE);
    const sent = await sendSmsCode({ mobileNum, countryDialingCode, purpose: 'login', sliderTicket });
    return sent.expiredMinutes;
  }

  async function freePlay() {
    setBusy(true);
    setFormError(null);
    try {
      await completeLogin(await startFreePlay(), { type: 'freeplay', page: 'lobby' });
    } catch (failure) {
      setFormError(failureMessage(failure, t));
    } finally {
      setBusy(false);
    }
  }

  const rememberedUsername = remembered?.type === 'username' ? remembered.username : undefined;
  const rememberedMobile = remembered?.type === 'sms' ? remembered : undefined;
  return (
    <>
      {smsLogin ? (
        <AccountTabs
          options={LOGIN_MODES}
          value={mode}
          onChange={changeMode}
          labelKey={(tab) => (tab === 'username' ? 'login.byUsername' : 'login.bySms')}
        />
      ) : null}
      <form ref={formRef} className="account-form" onSubmit={submit} noValidate data-testid="login-form">
        {mode === 'username' ? (
          <>
            <FormField name="username" label={t('login.username')} error={fieldErrors.username}>
              {(control) => (
                <input
                  {...control}
                  name="username"
                  autoComplete="username"
                  maxLength={64}
                  defaultValue={rememberedUsername}
                />
              )}
            </FormField>
            <FormField name="password" label={t('login.password')} error={fieldErrors.password}>
              {(control) => (
                <PasswordInput {...control} name="password" autoComplete="current-password" maxLength={128} />
              )}
            </FormField>
            {captchaShown ? (
              <CaptchaField
                onCaptchaId={setCaptchaId}
                error={fieldErrors.captcha}
                reloadKey={captchaReloadKey}
              />
            ) : null}
          </>
        ) : (
          <>
            <MobileNumberField
              name="username"
              label={t('login.mobile')}
              required
              error={fieldErrors.username ?? fieldErrors.countryDialingCode}
              defaultMobile={rememberedMobile?.mobile}
              defaultDialingCode={rememberedMobile?.countryDialingCode}
            />
            <SmsCodeField
              name="password"
              label={t('login.smsCode')}
              error={fieldErrors.password}
              onSend={sendLoginCode}
            />
          </>
        )}
        {locationDestination !== null ? (
          <>
            <p className="account-note" role="status" data-testid="location-check">
              {t('login.locationCheck', { destination: locationDestination })}
            </p>
            <FormField
              name="locationCode"
              label={t('login.locationCode')}
              required
              error={fieldErrors.locationCode}
            >
              {(control) => (
                <input
                  {...control}
                  name="locationCode"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={16}
                  // biome-ignore lint/a11y/noAutofocus: the field appears in answer to the submit; the code goes here next.
                  autoFocus
                />
              )}
            </FormField>
          </>
        ) : null}
        <div className="account-form__row">
          {page === 'lobby' ? (
            <label className="account-check">
              <input
                type="checkbox"
                name="remember"
                defaultChecked={remembered !== null}
                onChange={(event) => {
                  // Unticking forgets at once, not only at the next login.
                  if (!event.currentTarget.checked) forgetLogin();
                }}
              />
              <span>{t('login.remember')}</span>
            </label>
          ) : (
            <span />
          )}
          <button type="button" className="account-link" onClick={() => showPopup('forgotPassword')}>
            {t('login.forgot')}
          </button>
        </div>
        <FormSubmit error={formError} busy={busy} label={t('login.submit')} />
        {page === 'lobby' && freePlayOn ? (
          <button
            type="button"
            className="button button--violet login-form__free-play"
            onClick={() => void freePlay()}
            disabled={busy}
          >
            {t('login.freePlay')}
          </button>
        ) : null}
        {/* Agents log in with their own account only. */}
        {page === 'lobby' ? <SocialSignIn providers={enabledSocialProviders(site.whitelabel)} /> : null}
        {onRegister ? (
          <AccountSwitch prompt={t('login.noAccount')} action={t('login.registerNow')} onClick={onRegister} />
        ) : null}
      </form>
      {loginSlider.dialog}
      {smsSlider.dialog}
    </>
  );
}
