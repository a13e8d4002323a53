import type { LoginRequest, LoginType } from '@fortuna/contracts/session';
import {
  type FieldMessage,
  mobileMessage,
  REQUIRED,
  smsCodeMessage,
} from '../../shared/ui/form/credential-validation.ts';

/** What the login form knows beyond its inputs: the mode, the page, the steps the server asked for. */
export interface LoginFormState {
  mode: LoginType;
  page: 'lobby' | 'agent';
  captchaShown: boolean;
  captchaId: string | null;
  locationCheck: boolean;
}

export type LoginDraft =
  | { ok: true; request: Omit<LoginRequest, 'sliderTicket'> }
  /** The form-level message (spec 5: 'Please enter the username and password') or per-field ones. */
  | { ok: false; formMessage: FieldMessage | null; fieldMessages: Record<string, FieldMessage> };

const text = (form: FormData, name: string) => String(form.get(name) ?? '');

/**
 * Spec 5 login validation, before anything is sent. In SMS mode `username` carries the mobile
 * number and `password` the code (spec 3), so the inputs are named like the request's fields and
 * the server's field errors land under them.
 */
export function buildLoginRequest(form: FormData, state: LoginFormState): LoginDraft {
  const username = text(form, 'username').trim();
  const password = text(form, 'password');
  const fieldMessages: Record<string, FieldMessage> = {};

  if (state.mode === 'username') {
    if (username === '' || password === '')
      return { ok: false, formMessage: { key: 'login.required' }, fieldMessages };
    if (state.captchaShown && text(form, 'captcha').trim() === '') fieldMessages.captcha = REQUIRED;
  } else {
    const mobileProblem = mobileMessage(username);
    if (mobileProblem) fieldMessages.username = mobileProblem;
    const codeProblem = smsCodeMessage(password);
    if (codeProblem) fieldMessages.password = codeProblem;
  }
  const locationCode = text(form, 'locationCode').trim();
  if (state.locationCheck && locationCode === '')
    fieldMessages.locationCode = { key: 'validation.codeRequired' };
  if (Object.keys(fieldMessages).length > 0) return { ok: false, formMessage: null, fieldMessages };

  return {
    ok: true,
    request: {
      username,
      password,
      type: state.mode,
      page: state.page,
      ...(state.mode === 'sms' ? { countryDialingCode: text(form, 'countryDialingCode') } : {}),
      ...(state.mode === 'username' && state.captchaShown
        ? { captcha: text(form, 'captcha').trim(), captchaId: state.captchaId ?? '' }
        : {}),
      ...(state.locationCheck ? { locationCode } : {}),
    },
  };
}
