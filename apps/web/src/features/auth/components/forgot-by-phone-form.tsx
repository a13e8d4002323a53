import { type FormEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type FieldMessage,
  mobileMessage,
  NEW_PASSWORD_FIELDS,
  newPasswordMessage,
  smsCodeMessage,
} from '../../../shared/ui/form/credential-validation.ts';
import { FormSubmit } from '../../../shared/ui/form/form-submit.tsx';
import { useSliderTicket } from '../../../shared/verification/use-slider-ticket.tsx';
import { sendSmsCode } from '../api/send-sms-code.ts';
import { setPasswordByPhone } from '../api/set-password-by-phone.ts';
import { useCompleteLogin } from '../complete-login.ts';
import { useAccountForm } from '../use-account-form.ts';
import { DEFAULT_DIALING_CODE, MobileNumberField } from './mobile-number-field.tsx';
import { NestedDialog } from './nested-dialog.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';
import { SmsCodeField, SmsNotSent, sliderTicketOrNotSent } from './sms-code-field.tsx';

const FIELDS = ['mobileNum', 'verificationCode', ...NEW_PASSWORD_FIELDS] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string> & { countryDialingCode: string };

/** Spec 5, by phone: a valid mobile number, the SMS code, a new password by the rule and its confirmation. */
function fieldMessage(field: Field, values: Values): FieldMessage | null {
  switch (field) {
    case 'mobileNum':
      return mobileMessage(values.mobileNum);
    case 'verificationCode':
      return smsCodeMessage(values.verificationCode);
    default:
      return newPasswordMessage(field, values);
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
  const { errors, setErrors, formError, busy, say, checkAll, send } = useAccountForm(FIELDS);

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
    const sliderTicket = await sliderTicketOrNotSent(slider.request);
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
    if (!checkAll((field) => fieldMessage(field, values))) return;
    await send(async () => {
      const session = await setPasswordByPhone(values);
      await completeLogin(session, { type: 'phone', page: 'lobby' });
    });
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
        <NewPasswordFields errors={errors} />
        <FormSubmit error={formError} busy={busy} label={t('forgot.setPassword')} />
      </form>
      {/* Outside the form: the slider's buttons must not submit it. */}
      <NestedDialog>{slider.dialog}</NestedDialog>
    </>
  );
}
