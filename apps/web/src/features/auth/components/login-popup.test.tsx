import type { Permission } from '@fortuna/contracts/system';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { usePopups } from '../../../shared/state/popups.ts';
import { DialogHost } from '../../../shared/ui/dialog/dialog-host.tsx';
import { useDialogs } from '../../../shared/ui/dialog/dialog-store.ts';
import { failAnswer, fakeApi, okAnswer, type ReceivedCall } from '../../../test/fake-api.ts';
import { loginValueFixture, memberFixture } from '../../../test/member-fixture.ts';
import { permissionWithModules } from '../../../test/permission-fixture.ts';
import { renderInLobby } from '../../../test/render-in-lobby.tsx';
import { REMEMBER_ME_KEY } from '../remember-me.ts';
import { LoginPopup } from './login-popup.tsx';

// The slider is the verification feature's own business: here it is always solved at once.
vi.mock('../../../shared/verification/use-slider-ticket.tsx', () => ({
  useSliderTicket: (action: string) => ({ request: async () => `ticket-${action}`, dialog: null }),
}));

const loginValue = loginValueFixture({ token: 'new-token' });

async function openPopup(options: { onAgentPage?: boolean; permission?: Permission } = {}) {
  const view = renderInLobby(
    <>
      <LoginPopup onClose={() => {}} onRegister={() => {}} onAgentPage={options.onAgentPage ?? false} />
      <DialogHost />
    </>,
    { path: options.onAgentPage ? '/agent' : '/somewhere', permission: options.permission },
  );
  await screen.findByTestId('login-popup');
  return view;
}

function fillIn(username: string, password: string) {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

describe('login popup (spec 2.9, 4.2)', () => {
  afterEach(() => {
    act(() => {
      useSession.getState().endSession();
      usePopups.getState().close();
      useDialogs.setState({ dialogs: [] });
    });
  });

  it('when verification-code login is off, then there are no tabs', async () => {
    await openPopup();
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('when verification-code login is on, then username and SMS tabs show', async () => {
    await openPopup({ permission: permissionWithModules('VERCODELOGIN3') });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Username', 'SMS']);
  });

  it('when opened on the agent page, then there is no remember-me box and no free play', async () => {
    await openPopup({ onAgentPage: true, permission: permissionWithModules('FREEPLAY3') });
    expect(screen.queryByLabelText('Remember me')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Look around first (trial account)' })).toBeNull();
  });

  it('when a field is empty, then nothing is sent and the popup asks for both', async () => {
    const api = fakeApi({});
    await openPopup();
    fillIn('player01', '');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter the username and password');
    expect(api.calls).toHaveLength(0);
  });

  it('when the login succeeds, then the sealed body carries the slider ticket, the session starts and home opens', async () => {
    const api = fakeApi({
      'POST /wps/session/login': () => okAnswer(loginValue),
      'GET /wps/member/info': () => okAnswer(memberFixture()),
    });
    const { router } = await openPopup();
    fillIn('player01', 'Secret123');
    submit();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const [call] = api.callsTo('POST', '/wps/session/login') as [ReceivedCall];
    expect(call.contentType).toBe('application/vnd.fortuna.sealed+json');
    expect(call.body).toEqual({
      username: 'player01',
      password: 'Secret123',
      type: 'username',
      page: 'lobby',
      sliderTicket: 'ticket-login',
    });
    expect(sessionStorage.getItem('token')).toBe('new-token');
    expect(useSession.getState().memberInfo?.nickname).toBe('Lucky');
  });

  it('when a failure says a captcha is demanded, then the captcha field appears and stays after later failures', async () => {
    let failures = 0;
    fakeApi({
      'POST /wps/session/login': () => {
        failures += 1;
        return failAnswer(401, 'LOGIN_FAILED', 'Username or password is incorrect', {
          captcha: failures === 1,
        });
      },
      'GET /wps/captcha': () =>
        okAnswer({
          captchaId: `captcha-${failures}`,
          image: 'data:image/png;base64,iVBORw0KGgo=',
          expiresInSeconds: 120,
        }),
    });
    await openPopup();
    expect(screen.queryByLabelText(/Captcha/)).toBeNull();
    fillIn('player01', 'Wrong123');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Username or password is incorrect');
    const captcha = await screen.findByLabelText(/Captcha/);
    fireEvent.change(captcha, { target: { value: 'abcd' } });
    submit();
    await vi.waitFor(() => expect(failures).toBe(2));
    expect(screen.getByLabelText(/Captcha/)).toBeTruthy();
  });

  it('when the login comes from a new location, then the code field names where the code went and the resubmit carries it', async () => {
    const api = fakeApi({
      'POST /wps/session/login': (call) =>
        (call.body as { locationCode?: string }).locationCode === '654321'
          ? okAnswer(loginValue)
          : failAnswer(403, 'IP_VERIFICATION_REQUIRED', 'New location', {
              captcha: false,
              locationCheck: { channel: 'sms', destination: '+63 ••• ••• 4567' },
            }),
      'GET /wps/member/info': () => okAnswer(memberFixture()),
    });
    const { router } = await openPopup();
    fillIn('player01', 'Secret123');
    submit();
    expect((await screen.findByTestId('location-check')).textContent).toContain('+63 ••• ••• 4567');
    fireEvent.change(screen.getByLabelText(/Verification code/), { target: { value: '654321' } });
    submit();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(
      api
        .callsTo('POST', '/wps/session/login')
        .map((call) => (call.body as { locationCode?: string }).locationCode),
    ).toEqual([undefined, '654321']);
  });

  it('when a player logs in on the agent page, then the popup says non-agents cannot log in', async () => {
    fakeApi({
      'POST /wps/session/login': () => failAnswer(403, 'NON_AGENT_LOGIN', 'Non-agents cannot log in'),
    });
    await openPopup({ onAgentPage: true });
    fillIn('player01', 'Secret123');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Non-agents cannot log in');
    expect(useSession.getState().isLogin).toBe(false);
  });

  it('when remember me is ticked, then the username (never the password) is prefilled next time; unticking forgets it', async () => {
    fakeApi({
      'POST /wps/session/login': () => okAnswer(loginValue),
      'GET /wps/member/info': () => okAnswer(memberFixture()),
    });
    const first = await openPopup();
    fillIn('player01', 'Secret123');
    fireEvent.click(screen.getByLabelText('Remember me'));
    submit();
    await vi.waitFor(() => expect(first.router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem(REMEMBER_ME_KEY)).toContain('player01');
    expect(localStorage.getItem(REMEMBER_ME_KEY)).not.toContain('Secret123');

    act(() => useSession.getState().endSession());
    document.body.innerHTML = '';
    await openPopup();
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('player01');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
    const remember = screen.getByLabelText('Remember me') as HTMLInputElement;
    expect(remember.checked).toBe(true);
    fireEvent.click(remember);
    expect(localStorage.getItem(REMEMBER_ME_KEY)).toBeNull();
  });

  it('when an SMS login was remembered, then the SMS tab opens with the number and its dialling code', async () => {
    fakeApi({
      'GET /wps/system/countryCodes': () =>
        okAnswer([
          { countryCode: 'PH', countryDialingCode: '+63', name: 'Philippines' },
          { countryCode: 'VN', countryDialingCode: '+84', name: 'Vietnam' },
        ]),
    });
    localStorage.setItem(
      REMEMBER_ME_KEY,
      JSON.stringify({
        login: { type: 'sms', mobile: '912345678', countryDialingCode: '+84' },
        expiresAt: Date.now() + 60_000,
      }),
    );
    await openPopup({ permission: permissionWithModules('VERCODELOGIN3') });
    expect(screen.getByRole('tab', { name: 'SMS' }).getAttribute('aria-selected')).toBe('true');
    expect((screen.getByLabelText(/Mobile number/) as HTMLInputElement).value).toBe('912345678');
    expect((screen.getByLabelText('Country dialling code') as HTMLSelectElement).value).toBe('+84');
  });

  it('when an SMS code is requested, then the slider runs, the code is sent for login and the button counts down', async () => {
    const api = fakeApi({
      'GET /wps/system/countryCodes': () =>
        okAnswer([{ countryCode: 'PH', countryDialingCode: '+63', name: 'Philippines' }]),
      'POST /wps/verification/sms/noLogin': () => okAnswer({ expiredMinutes: 1 }),
    });
    await openPopup({ permission: permissionWithModules('VERCODELOGIN3') });
    fireEvent.click(screen.getByRole('tab', { name: 'SMS' }));
    fireEvent.change(screen.getByLabelText(/Mobile number/), { target: { value: '9171234567' } });
    fireEvent.click(screen.getByTestId('send-sms-code'));
    await vi.waitFor(() => expect(screen.getByTestId('send-sms-code').textContent).toMatch(/^(60|59) s$/));
    expect(api.callsTo('POST', '/wps/verification/sms/noLogin')[0]?.body).toEqual({
      mobileNum: '9171234567',
      countryDialingCode: '+63',
      purpose: 'login',
      sliderTicket: 'ticket-sms',
    });
  });

  it('when the mobile number is malformed, then no code is requested and the field says why', async () => {
    const api = fakeApi({});
    await openPopup({ permission: permissionWithModules('VERCODELOGIN3') });
    fireEvent.click(screen.getByRole('tab', { name: 'SMS' }));
    fireEvent.change(screen.getByLabelText(/Mobile number/), { target: { value: '12ab' } });
    fireEvent.click(screen.getByTestId('send-sms-code'));
    expect((await screen.findByTestId('field-error-username')).textContent).toBe(
      'Phone number format is incorrect',
    );
    expect(api.callsTo('POST', '/wps/verification/sms/noLogin')).toHaveLength(0);
  });

  it('when the SMS request fails, then a warning dialog shows the message with a submit button', async () => {
    fakeApi({
      'POST /wps/verification/sms/noLogin': () =>
        failAnswer(503, 'SMS_UNAVAILABLE', 'Quota not sufficient, contact customer service'),
    });
    await openPopup({ permission: permissionWithModules('VERCODELOGIN3') });
    fireEvent.click(screen.getByRole('tab', { name: 'SMS' }));
    fireEvent.change(screen.getByLabelText(/Mobile number/), { target: { value: '9171234567' } });
    fireEvent.click(screen.getByTestId('send-sms-code'));
    const dialog = await screen.findByTestId('sms-failed-dialog');
    expect(dialog.textContent).toContain('Quota not sufficient, contact customer service');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
  });

  it('when free play is chosen, then a trial session starts from the web platform', async () => {
    const api = fakeApi({
      'POST /wps/session/login/freeplay': () =>
        okAnswer({
          ...loginValue,
          token: 'trial-token',
          userInfo: { userName: 'trial1', nickname: 'Guest', type: 4 },
        }),
      'GET /wps/member/info': () => okAnswer(memberFixture({ type: 4, isTrial: true })),
    });
    const { router } = await openPopup({ permission: permissionWithModules('FREEPLAY3') });
    fireEvent.click(screen.getByRole('button', { name: 'Look around first (trial account)' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.callsTo('POST', '/wps/session/login/freeplay')[0]?.body).toMatchObject({ platform: 'W' });
    expect(useSession.getState()).toMatchObject({ isTrial: true, loginType: 'freeplay' });
  });

  it('when social login is on, then Google and Facebook are plain links to the server', async () => {
    await openPopup({ permission: permissionWithModules('GOOGLELOGIN3', 'FBLOGIN3') });
    expect(screen.getByRole('link', { name: /Google/ }).getAttribute('href')).toBe(
      '/wps/session/social/google',
    );
    expect(screen.getByRole('link', { name: /Facebook/ }).getAttribute('href')).toBe(
      '/wps/session/social/facebook',
    );
  });
});
