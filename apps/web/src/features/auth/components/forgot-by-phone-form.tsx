import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSliderTicket } from '../../verification/use-slider-ticket.tsx';
import { sendSmsCode } from '../api/send-sms-code.ts';
import { setPasswordByPhone } from '../api/set-password-by-phone.ts';
import { useCompleteLogin } from '../complete-login.ts';
import {
  confirmationMessage,
  type FieldMessage,
  mobileMessage,
  PASSWORD_HINT,
  passwordMessage,
  smsCodeMessage,
} from '../credential-validation.ts';
import { serverFieldErrors } from '../server-field-errors.ts';
import { failureMessage } from './failure-message.ts';
import { FormField } from './form-field.tsx';
import { DEFAULT_DIALING_CODE, MobileNumberField } from './mobile-number-field.tsx';
import { NestedDialog } from './nested-dialog.tsx';
import { PasswordInput } from './password-input.tsx';
import { SmsCodeField, SmsNotSent } from './sms-code-field.tsx';

const FIELDS = ['mobileNum', 'verificationCode', 'newPassword', 'confirmNewPassword'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string> & { countryDialingCode: string };

/** Spec 5, by phone: a valid mobile number, the SMS code, a new password by the rule and its confirmation. */
function fieldMessage(field: Field, values: Values): FieldMessage | null {
  switch (field) {
    case 'mobileNum':
      return mobileMessage(values.mobileNum);
    case 'verificationCode':
      return smsCodeMessage(values.verificationCode);
    case 'newPassword':
      return passwordMessage(values.newPassword);
    case 'confirmNewPassword':
      return confirmationMessage(values.newPassword, values.confirmNewPassword);
  }
}

function readValues(form: HTMLFormElement): Values {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '');
  return {
    mobileNum: text('mobileNum').trim(),
    countryDialingCode: text('countryDialingCode') || DEFAULT_DIALING_CODE,
    verificationCode: text('verificationCode').trim(),
    newPassword: text('newPassword'),
    confirmNewPassword: text('confirmNewPassword'),
  };
}

/**
 * Spec 4.5 phone mode (CHNGPASSVERIF3): a code by SMS after the slider (resend waits for the
 * countdown), then the new password; the member is logged in and goes home.
 */
export function ForgotByPhoneForm() {
  const { t } = useTranslation();
  const completeLogin = useCompleteLogin();
  const slider = useSliderTicket('sms');
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const say = (message: FieldMessage | null) => (message ? t(message.key, message.values) : undefined);

  function checkOnBlur(event: React.FocusEvent<HTMLFormElement>) {
    const target = event.target;
    const field = target instanceof HTMLInputElement ? (target.name as Field) : null;
    if (!field || !FIELDS.includes(field) || target.value === '') return;
    setErrors((current) => ({
      ...current,
      [field]: say(fieldMessage(field, readValues(event.currentTarget))),
    }));
  }

  async function sendCode(): Promise<number> {
    if (!form.current) throw new SmsNotSent();
    const values = readValues(form.current);
    // Spec 5: the number is checked before a code is sent to it.
    const problem = say(fieldMessage('mobileNum', values));
    setErrors((current) => ({ ...current, mobileNum: problem }));
    if (problem) throw new SmsNotSent();
    let sliderTicket: string;
    try {
      sliderTicket = await slider.request();
    } catch {
      throw new SmsNotSent();
    }
    const sent = await sendSmsCode({
      mobileNum: values.mobileNum,
      countryDialingCode: values.countryDialingCode,
      purpose: 'resetPassword',
      sliderTicket,
    });
    return sent.expiredMinutes;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = readValues(event.currentTarget);
    const found = Object.fromEntries(
      FIELDS.map((field) => [field, say(fieldMessage(field, values))]).filter(([, message]) => message),
    );
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const session = await setPasswordByPhone(values);
      await completeLogin(session, { type: 'phone', page: 'lobby' });
    } catch (failure) {
      const fieldErrors = serverFieldErrors(failure, FIELDS, t);
      setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length === 0) setFormError(failureMessage(failure, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <form ref={form} className="account-form" onSubmit={submit} onBlur={checkOnBlur} noValidate>
        <p className="account-note">{t('forgot.phoneIntro')}</p>
        <MobileNumberField name="mobileNum" label={t('fields.mobileNum')} required error={errors.mobileNum} />
        <SmsCodeField
          name="verificationCode"
          label={t('fields.verificationCode')}
          error={errors.verificationCode}
          onSend={sendCode}
        />
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
          {(control) => <PasswordInput {...control} name="confirmNewPassword" autoComplete="new-password" />}
        </FormField>
        {formError ? (
          <p className="account-form__error" role="alert">
            {formError}
          </p>
        ) : null}
        <button type="submit" className="button button--gold account-form__submit" disabled={busy}>
          {t('forgot.setPassword')}
        </button>
      </form>
      {/* Outside the form: the slider's buttons must not submit it. */}
      <NestedDialog>{slider.dialog}</NestedDialog>
    </>
  );
}
