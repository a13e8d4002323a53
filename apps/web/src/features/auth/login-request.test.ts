import { describe, expect, it } from 'vitest';
import { buildLoginRequest, type LoginFormState } from './login-request.ts';

const usernameMode: LoginFormState = {
  mode: 'username',
  page: 'lobby',
  captchaShown: false,
  captchaId: null,
  locationCheck: false,
};
const smsMode: LoginFormState = { ...usernameMode, mode: 'sms' };

function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

describe('login request (spec 3, 5)', () => {
  it('when the username or password is empty, then the form asks for both and nothing is built', () => {
    const draft = buildLoginRequest(formOf({ username: 'player01', password: '' }), usernameMode);
    expect(draft).toEqual({ ok: false, formMessage: { key: 'login.required' }, fieldMessages: {} });
  });

  it('when the captcha is shown but empty, then the captcha field says it is required', () => {
    const draft = buildLoginRequest(formOf({ username: 'player01', password: 'Secret123', captcha: ' ' }), {
      ...usernameMode,
      captchaShown: true,
    });
    expect(draft.ok).toBe(false);
    expect(draft.ok ? null : draft.fieldMessages.captcha).toEqual({ key: 'validation.required' });
  });

  it('when the captcha is shown and answered, then it goes with its id and the page', () => {
    const draft = buildLoginRequest(
      formOf({ username: ' player01 ', password: 'Secret123', captcha: 'ab12' }),
      { ...usernameMode, page: 'agent', captchaShown: true, captchaId: 'c-1' },
    );
    expect(draft).toEqual({
      ok: true,
      request: {
        username: 'player01',
        password: 'Secret123',
        type: 'username',
        page: 'agent',
        captcha: 'ab12',
        captchaId: 'c-1',
      },
    });
  });

  it('when the mobile number is malformed and the code missing in SMS mode, then each field says why', () => {
    const draft = buildLoginRequest(
      formOf({ username: '12ab', password: '', countryDialingCode: '+63' }),
      smsMode,
    );
    expect(draft).toEqual({
      ok: false,
      formMessage: null,
      fieldMessages: {
        username: { key: 'validation.mobileFormat' },
        password: { key: 'validation.codeRequired' },
      },
    });
  });

  it('when an SMS login is complete, then the dialling code goes with the number and no captcha is sent', () => {
    const draft = buildLoginRequest(
      formOf({ username: '9171234567', password: '123456', countryDialingCode: '+63', captcha: 'x' }),
      { ...smsMode, captchaShown: true },
    );
    expect(draft).toEqual({
      ok: true,
      request: {
        username: '9171234567',
        password: '123456',
        type: 'sms',
        page: 'lobby',
        countryDialingCode: '+63',
      },
    });
  });

  it('when the new-location step is on, then its code is required and then sent', () => {
    const missing = buildLoginRequest(formOf({ username: 'player01', password: 'Secret123' }), {
      ...usernameMode,
      locationCheck: true,
    });
    expect(missing.ok ? null : missing.fieldMessages.locationCode).toEqual({
      key: 'validation.codeRequired',
    });
    const given = buildLoginRequest(
      formOf({ username: 'player01', password: 'Secret123', locationCode: '654321' }),
      { ...usernameMode, locationCheck: true },
    );
    expect(given.ok ? given.request.locationCode : null).toBe('654321');
  });
});
