import type { RegisterFieldName, RegisterFieldRule } from '@fortuna/contracts/system';
import { type FormEvent, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../shared/api/api-error.ts';
import { openDialog } from '../../../shared/ui/dialog/dialog-store.ts';
import {
  mobileMessage,
  PASSWORD_HINT,
  USERNAME_HINT,
} from '../../../shared/ui/form/credential-validation.ts';
import { failureMessage } from '../../../shared/ui/form/failure-message.ts';
import { FormField } from '../../../shared/ui/form/form-field.tsx';
import { FormSubmit } from '../../../shared/ui/form/form-submit.tsx';
import { PasswordInput } from '../../../shared/ui/form/password-input.tsx';
import { CaptchaField } from '../../../shared/verification/components/captcha-field.tsx';
import { useSliderTicket } from '../../../shared/verification/use-slider-ticket.tsx';
import { checkAffiliateCode } from '../api/check-affiliate-code.ts';
import { registerByMobile, registerByUsername } from '../api/register.ts';
import { sendRegisterSms } from '../api/send-register-sms.ts';
import { useCompleteLogin } from '../complete-login.ts';
import { registerCall } from '../register-request.ts';
import { type RegisterValues, registerFieldMessage, validateRegister } from '../register-validation.ts';
import { useAccountForm } from '../use-account-form.ts';
import { DEFAULT_DIALING_CODE, MobileNumberField } from './mobile-number-field.tsx';
import { NestedDialog } from './nested-dialog.tsx';
import type { RegisterMethod } from './register-fields.ts';
import { SmsCodeField, SmsNotSent, sliderTicketOrNotSent } from './sms-code-field.tsx';

const PASSWORD_FIELDS: readonly RegisterFieldName[] = ['password', 'confirmPassword', 'paymentPassword'];

type Values = RegisterValues & { countryDialingCode: string };

function readValues(form: HTMLFormElement, fields: readonly RegisterFieldRule[]): Values {
  const data = new FormData(form);
  const values: Values = {
    countryDialingCode: String(data.get('countryDialingCode') || DEFAULT_DIALING_CODE),
  };
  for (const { field } of fields) values[field] = String(data.get(field) ?? '');
  return values;
}

/**
 * The registration form of spec 4.6: every field checked on blur and on submit, the terms first,
 * the affiliate code checked before sending, then the register call; its answer is a session, so
 * the new member is logged in and goes home.
 */
export function RegisterForm({
  method,
  fields,
  referralCode,
  onLeave,
}: {
  method: RegisterMethod;
  fields: RegisterFieldRule[];
  referralCode: string | null;
  /** The terms link leaves the popup for the help page. */
  onLeave: () => void;
}) {
  const { t } = useTranslation();
  const completeLogin = useCompleteLogin();
  const slider = useSliderTicket('sms');
  const form = useRef<HTMLFormElement>(null);
  const { errors, setErrors, formError, setFormError, busy, say, checkAll, send } = useAccountForm(
    fields.map((rule) => rule.field),
  );
  const [termsError, setTermsError] = useState(false);
  const [captchaId, setCaptchaId] = useState<string | null>(null);
  const [captchaReloadKey, setCaptchaReloadKey] = useState(0);
  const ruleOf = (name: string) => fields.find((rule) => rule.field === name);

  function checkOnBlur(event: React.FocusEvent<HTMLFormElement>) {
    const target = event.target;
    if (!(target instanceof HTMLInputElement)) return;
    const rule = ruleOf(target.name);
    if (!rule) return;
    const values = readValues(event.currentTarget, fields);
    const confirm = ruleOf('confirmPassword');
    setErrors((current) => ({
      ...current,
      [rule.field]: say(registerFieldMessage(rule, values)),
      // A password typed after its confirmation may fix or break the match.
      ...(rule.field === 'password' && confirm && values.confirmPassword
        ? { confirmPassword: say(registerFieldMessage(confirm, values)) }
        : {}),
    }));
  }

  async function sendCode(): Promise<number> {
    if (!form.current) throw new SmsNotSent();
    const values = readValues(form.current, fields);
    // Spec 5: the mobile number is validated before an SMS is sent.
    const problem = say(mobileMessage(values.mobileNum ?? ''));
    setErrors((current) => ({ ...current, mobileNum: problem }));
    if (problem) throw new SmsNotSent();
    const sliderTicket = await sliderTicketOrNotSent(slider.request);
    const sent = await sendRegisterSms({
      mobileNo: (values.mobileNum ?? '').trim(),
      countryDialingCode: values.countryDialingCode,
      sliderTicket,
    });
    return sent.expiredMinutes;
  }

  /** Spec 8: an unknown affiliate code stops the registration with a warning dialog. */
  async function affiliateCodeIsValid(code: string): Promise<boolean> {
    try {
      await checkAffiliateCode(code, window.location.hostname);
      return true;
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'INVITATION_CODE_ERROR') {
        openDialog({
          icon: 'warning',
          title: t('register.affiliateTitle'),
          body: <p>{t('invitation_code_error')}</p>,
          buttons: [{ labelKey: 'register.confirm' }],
          testId: 'invitation-code-dialog',
        });
      } else {
        setFormError(failureMessage(failure, t));
      }
      return false;
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const values = readValues(element, fields);
    const termsAccepted = new FormData(element).get('terms') === 'on';
    const found = validateRegister(fields, values);
    setTermsError(!termsAccepted);
    const fieldsPass = checkAll((field) => found[field]);
    if (!termsAccepted || !fieldsPass) return;

    await send(() => register(values));
  }

  /** The affiliate code first, then the register call; its session logs the new member in. */
  async function register(values: Values) {
    try {
      const affiliateCode = values.affiliateCode?.trim();
      if (affiliateCode && !(await affiliateCodeIsValid(affiliateCode))) return;
      const call = registerCall(method, fields, values, {
        captchaId,
        referralCode,
        href: window.location.href,
        hostname: window.location.hostname,
      });
      const session =
        call.method === 'mobile' ? await registerByMobile(call.body) : await registerByUsername(call.body);
      await completeLogin(session, { type: 'register', page: 'lobby' });
    } catch (failure) {
      // Captchas are single use: a failed registration needs a new one.
      if (ruleOf('captcha')) setCaptchaReloadKey((key) => key + 1);
      throw failure;
    }
  }

  function renderField(rule: RegisterFieldRule) {
    const label = t(`fields.${rule.field}`);
    const error = errors[rule.field];
    switch (rule.field) {
      case 'mobileNum':
        return (
          <MobileNumberField
            key={rule.field}
            name="mobileNum"
            label={label}
            required={rule.required}
            error={error}
          />
        );
      case 'verificationCode':
        return (
          <SmsCodeField
            key={rule.field}
            name="verificationCode"
            label={label}
            error={error}
            onSend={sendCode}
          />
        );
      case 'captcha':
        return (
          <CaptchaField
            key={rule.field}
            name="captcha"
            onCaptchaId={setCaptchaId}
            error={error}
            reloadKey={captchaReloadKey}
          />
        );
    }
    const hint = rule.field === 'username' ? USERNAME_HINT : rule.field === 'password' ? PASSWORD_HINT : null;
    return (
      <FormField
        key={rule.field}
        name={rule.field}
        label={label}
        required={rule.required}
        hint={say(hint)}
        error={error}
      >
        {(control) =>
          PASSWORD_FIELDS.includes(rule.field) ? (
            <PasswordInput
              {...control}
              name={rule.field}
              maxLength={rule.maxLength}
              autoComplete={rule.field === 'paymentPassword' ? 'off' : 'new-password'}
            />
          ) : (
            <input
              {...control}
              name={rule.field}
              type={rule.type === 'password' ? 'text' : rule.type}
              maxLength={rule.maxLength}
              autoComplete={rule.field === 'username' ? 'username' : rule.field === 'email' ? 'email' : 'off'}
            />
          )
        }
      </FormField>
    );
  }

  return (
    <>
      <form
        ref={form}
        className="account-form"
        onSubmit={submit}
        onBlur={checkOnBlur}
        noValidate
        data-testid={`register-form-${method}`}
      >
        {referralCode ? (
          <p className="account-note" data-testid="referral-note">
            {t('register.invitedBy', { code: referralCode })}
          </p>
        ) : null}
        {fields.map(renderField)}
        <div className="account-terms">
          <label className="account-check">
            <input
              type="checkbox"
              name="terms"
              aria-invalid={termsError}
              aria-describedby={termsError ? 'register-terms-error' : undefined}
            />
            <span>
              <Trans
                i18nKey="register.terms"
                components={{ terms: <Link className="account-link" to="/help#term" onClick={onLeave} /> }}
              />
            </span>
          </label>
          {termsError ? (
            <p id="register-terms-error" className="account-field__error" data-testid="field-error-terms">
              {t('register.termsRequired')}
            </p>
          ) : null}
        </div>
        <FormSubmit error={formError} busy={busy} label={t('register.submit')} />
      </form>
      {/* Outside the form: the slider's buttons must not submit it. */}
      <NestedDialog>{slider.dialog}</NestedDialog>
    </>
  );
}
