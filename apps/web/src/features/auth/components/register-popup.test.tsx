import { MemberPaths } from '@fortuna/contracts/member';
import { SystemPaths } from '@fortuna/contracts/system';
import { VerificationPaths } from '@fortuna/contracts/verification';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { AccountPopups } from '../../../app/account-popups.tsx';
import { OpenPopupRoute } from '../../../app/open-popup-route.tsx';
import { permissionQuery } from '../../../shared/api/site.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { usePopups } from '../../../shared/state/popups.ts';
import { DialogHost } from '../../../shared/ui/dialog/dialog-host.tsx';
import { useDialogs } from '../../../shared/ui/dialog/dialog-store.ts';
import { failAnswer, fakeApi, okAnswer } from '../../../test/fake-api.ts';
import { loginValueFixture, memberFixture } from '../../../test/member-fixture.ts';
import { enabledModules, permissionFixture } from '../../../test/permission-fixture.ts';
import { registerRuleFixture } from '../../../test/register-rule-fixture.ts';
// Loaded up front: AccountPopups imports it lazily, and a first import on a busy machine can
// outlast a find's wait.
import './register-popup.tsx';

// The slider is its own feature with its own tests; here it is solved at once.
vi.mock('../../../shared/verification/use-slider-ticket.tsx', () => ({
  useSliderTicket: () => ({ request: async () => 'slider-ticket-1', dialog: null }),
}));

const RULES = [
  registerRuleFixture('username', { required: true, patternId: '1', minLength: 6, maxLength: 16 }),
  registerRuleFixture('password', { required: true, type: 'password', minLength: 8, maxLength: 64 }),
  registerRuleFixture('confirmPassword', { required: true, type: 'password' }),
  registerRuleFixture('qqNum', { minLength: 5, maxLength: 12, patternId: '6' }),
  registerRuleFixture('idNumber', { minLength: 10, maxLength: 10 }),
  registerRuleFixture('affiliateCode'),
  registerRuleFixture('wechat', { enabled: false }),
];

const member = memberFixture({ id: '9', account: 'newplayer', nickname: 'newplayer', firstTimeLogin: true });
const session = loginValueFixture({
  firstTimeLogin: true,
  userInfo: { userName: 'newplayer', nickname: 'newplayer', type: 0 },
});

function api(extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    [`GET ${SystemPaths.registerSettings}`]: () => okAnswer(RULES),
    [`GET ${VerificationPaths.countryCodes}`]: () =>
      okAnswer([{ countryCode: 'PH', countryDialingCode: '+63', name: 'Philippines' }]),
    [`PUT ${MemberPaths.register}`]: () => okAnswer(session),
    [`GET ${MemberPaths.info}`]: () => okAnswer(member),
    [`POST ${MemberPaths.firstLogin}`]: () => okAnswer({ firstTimeLogin: false }),
    ...extra,
  });
}

/** The lobby as a visitor meets it: a link opens the register popup over home. */
async function openRegister(url = '/register', whitelabel = enabledModules('USERNAMEREG3')) {
  const permission = permissionFixture();
  permission.info.whitelabel = whitelabel;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(permissionQuery.queryKey, permission);
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <p>home</p>
            <AccountPopups />
            <DialogHost />
          </>
        ),
      },
      { path: '/register', element: <OpenPopupRoute popup="register" /> },
      { path: '*', element: <p>page elsewhere</p> },
    ],
    { initialEntries: [url] },
  );
  vi.useFakeTimers({ toFake: ['setTimeout'] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  act(() => vi.advanceTimersByTime(100));
  vi.useRealTimers();
  await screen.findByTestId('register-popup');
  return { router };
}

const field = (label: RegExp) => screen.getByLabelText(label);
function type(label: RegExp, value: string) {
  fireEvent.change(field(label), { target: { value } });
}
function leave(label: RegExp) {
  act(() => {
    fireEvent.blur(field(label));
  });
}
function fillValidForm() {
  type(/^Username/, 'newplayer');
  type(/^Password/, 'secret123');
  type(/^Confirm password/, 'secret123');
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
const tickTerms = () => fireEvent.click(screen.getByRole('checkbox'));

describe('register popup (spec 2.10, 4.6)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    usePopups.getState().close();
    useDialogs.setState({ dialogs: [] });
    useSession.getState().endSession();
  });

  it('when the register settings arrive, then only enabled fields show, required ones marked, with the rules as hints', async () => {
    api();
    await openRegister();
    const password = await screen.findByLabelText(/^Password/);
    expect(password.getAttribute('type')).toBe('password');
    expect(password.getAttribute('aria-required')).toBe('true');
    expect(field(/^QQ/).getAttribute('aria-required')).toBeNull();
    expect(screen.queryByLabelText(/^WeChat/)).toBeNull();
    expect(screen.getByText('6–16 characters: a letter first, then letters and digits')).toBeTruthy();
    expect(screen.getByText('8–64 characters with at least one letter and one digit')).toBeTruthy();
  });

  it('when the show-password toggle is pressed, then the password can be read', async () => {
    api();
    await openRegister();
    const password = await screen.findByLabelText(/^Password/);
    fireEvent.click(screen.getAllByRole('button', { name: 'Show password' })[0] as HTMLElement);
    expect(password.getAttribute('type')).toBe('text');
  });

  it('when the terms are not ticked, then "not empty?" shows under them and nothing is sent', async () => {
    const server = api();
    await openRegister();
    await screen.findByLabelText(/^Username/);
    fillValidForm();
    submit();
    expect((await screen.findByTestId('field-error-terms')).textContent).toBe('not empty?');
    expect(server.callsTo('PUT', MemberPaths.register)).toHaveLength(0);
    expect(server.callsTo('GET', MemberPaths.affiliate)).toHaveLength(0);
  });

  it('when a field breaks its rule, then the message gives the bounds, one number when they are equal', async () => {
    api();
    await openRegister();
    await screen.findByLabelText(/^QQ/);
    type(/^QQ/, '1234');
    leave(/^QQ/);
    expect((await screen.findByTestId('field-error-qqNum')).textContent).toBe('Must be 5 to 12 characters');
    type(/^ID number/, '12345');
    leave(/^ID number/);
    expect((await screen.findByTestId('field-error-idNumber')).textContent).toBe('Must be 10 characters');
    type(/^QQ/, '1234a');
    leave(/^QQ/);
    expect((await screen.findByTestId('field-error-qqNum')).textContent).toBe('Digits only');
  });

  it('when the confirmation differs, then "Incorrect confirmation input" shows under it and nothing is sent', async () => {
    const server = api();
    await openRegister();
    await screen.findByLabelText(/^Username/);
    fillValidForm();
    type(/^Confirm password/, 'secret124');
    tickTerms();
    submit();
    expect((await screen.findByTestId('field-error-confirmPassword')).textContent).toBe(
      'Incorrect confirmation input',
    );
    expect(server.callsTo('PUT', MemberPaths.register)).toHaveLength(0);
  });

  it('when the affiliate code is unknown, then a warning dialog says invitation_code_error and nothing is registered', async () => {
    const server = api({
      [`GET ${MemberPaths.affiliate}`]: () =>
        failAnswer(400, 'INVITATION_CODE_ERROR', 'Invalid invitation code'),
    });
    await openRegister();
    await screen.findByLabelText(/^Affiliate code/);
    fillValidForm();
    type(/^Affiliate code/, 'NOPE1');
    tickTerms();
    submit();
    const dialog = await screen.findByTestId('invitation-code-dialog');
    expect(dialog.textContent).toMatch(/Invalid invitation code/);
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeTruthy();
    expect(server.callsTo('GET', MemberPaths.affiliate)[0]?.query.get('code')).toBe('NOPE1');
    expect(server.callsTo('PUT', MemberPaths.register)).toHaveLength(0);
  });

  it('when a registration link carries a referral code, then the popup names it and the code is sent; the new member is logged in and goes home', async () => {
    const server = api({
      [`GET ${MemberPaths.affiliate}`]: () => okAnswer({ valid: true, agent: 'agent1' }),
    });
    const { router } = await openRegister('/register?referralCode=FRIEND7');
    expect((await screen.findByTestId('referral-note')).textContent).toBe('Invited by code FRIEND7');
    await screen.findByLabelText(/^Username/);
    fillValidForm();
    type(/^Affiliate code/, 'AGENT1');
    tickTerms();
    submit();
    await vi.waitFor(() => expect(useSession.getState().isLogin).toBe(true));
    const [call] = server.callsTo('PUT', MemberPaths.register);
    expect(call?.contentType).toMatch(/sealed/);
    expect(call?.body).toMatchObject({
      username: 'newplayer',
      password: 'secret123',
      confirmPassword: 'secret123',
      affiliateCode: 'AGENT1',
      referralCode: 'FRIEND7',
      registerMethod: 'WEB',
      login: true,
      domain: 'localhost',
    });
    expect(call?.body).toHaveProperty('registerUrl', expect.stringMatching(/^http/));
    expect(sessionStorage.getItem('token')).toBe('fresh-token');
    await vi.waitFor(() => expect(usePopups.getState().open).toBeNull());
    expect(router.state.location.pathname).toBe('/');
  });

  it('when the server says the username is taken, then the message shows under the username', async () => {
    api({
      [`PUT ${MemberPaths.register}`]: () =>
        failAnswer(409, 'USERNAME_TAKEN', 'This username is already registered', {
          issues: [{ field: 'body.username', message: 'This username is already registered' }],
        }),
    });
    await openRegister();
    await screen.findByLabelText(/^Username/);
    fillValidForm();
    tickTerms();
    submit();
    expect((await screen.findByTestId('field-error-username')).textContent).toBe(
      'This username is already registered',
    );
    expect(useSession.getState().isLogin).toBe(false);
  });

  it('when both registration options are on, then tabs choose them and the mobile one uses PUT registerMobile', async () => {
    const server = api({ [`PUT ${MemberPaths.registerMobile}`]: () => okAnswer(session) });
    await openRegister('/register', enabledModules('USERNAMEREG3', 'MOBILENUMREG3'));
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Username', 'Mobile']);
    fireEvent.click(screen.getByRole('tab', { name: 'Mobile' }));
    await screen.findByLabelText(/^Mobile number/);
    expect(screen.queryByLabelText(/^Username/)).toBeNull();
    // Without MOBILENUMPASSREG3 a mobile registration asks for no password.
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    type(/^Mobile number/, '9171234567');
    tickTerms();
    submit();
    await vi.waitFor(() => expect(server.callsTo('PUT', MemberPaths.registerMobile)).toHaveLength(1));
    expect(server.callsTo('PUT', MemberPaths.registerMobile)[0]?.body).toMatchObject({
      mobileNum: '9171234567',
      countryDialingCode: '+63',
    });
  });

  it('when a code is sent for the mobile number, then the button counts the seconds down', async () => {
    const server = api({
      [`POST ${VerificationPaths.smsRegister}`]: () => okAnswer({ expiredMinutes: 1 }),
    });
    await openRegister('/register', enabledModules('MOBILENUMREG3', 'REGMOBVERF3'));
    await screen.findByLabelText(/^Mobile number/);
    type(/^Mobile number/, '9171234567');
    vi.useFakeTimers({ toFake: ['setInterval', 'Date'] });
    fireEvent.click(screen.getByTestId('send-sms-code'));
    await vi.waitFor(() => expect(screen.getByTestId('send-sms-code').textContent).toBe('60 s'));
    expect(screen.getByTestId('send-sms-code').hasAttribute('disabled')).toBe(true);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('send-sms-code').textContent).toBe('59 s');
    act(() => vi.advanceTimersByTime(59_000));
    expect(screen.getByTestId('send-sms-code').textContent).toBe('Send code');
    expect(server.callsTo('POST', VerificationPaths.smsRegister)[0]?.body).toEqual({
      mobileNo: '9171234567',
      countryDialingCode: '+63',
      sliderTicket: 'slider-ticket-1',
    });
  });

  it('when the mobile number is malformed, then no code is sent and the number is marked', async () => {
    const server = api();
    await openRegister('/register', enabledModules('MOBILENUMREG3', 'REGMOBVERF3'));
    await screen.findByLabelText(/^Mobile number/);
    type(/^Mobile number/, '12ab');
    fireEvent.click(screen.getByTestId('send-sms-code'));
    expect((await screen.findByTestId('field-error-mobileNum')).textContent).toBe(
      'Phone number format is incorrect',
    );
    expect(server.callsTo('POST', VerificationPaths.smsRegister)).toHaveLength(0);
  });

  it('when the SMS cannot be sent, then a warning dialog shows the server message', async () => {
    api({
      [`POST ${VerificationPaths.smsRegister}`]: () =>
        failAnswer(503, 'SMS_UNAVAILABLE', 'Quota not sufficient, contact customer service'),
    });
    await openRegister('/register', enabledModules('MOBILENUMREG3', 'REGMOBVERF3'));
    await screen.findByLabelText(/^Mobile number/);
    type(/^Mobile number/, '9171234567');
    fireEvent.click(screen.getByTestId('send-sms-code'));
    const dialog = await screen.findByTestId('sms-failed-dialog');
    expect(dialog.textContent).toMatch(/Quota not sufficient, contact customer service/);
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
    expect(screen.getByTestId('send-sms-code').textContent).toBe('Send code');
  });

  it('when the captcha rule is on, then its answer goes with its id, and a refused registration draws a new one', async () => {
    let drawn = 0;
    const server = api({
      [`GET ${SystemPaths.registerSettings}`]: () =>
        okAnswer([...RULES, registerRuleFixture('captcha', { required: true })]),
      [`GET ${VerificationPaths.captcha}`]: () => {
        drawn += 1;
        return okAnswer({
          captchaId: `cap-${drawn}`,
          image: 'data:image/png;base64,AA==',
          expiresInSeconds: 120,
        });
      },
      [`PUT ${MemberPaths.register}`]: () => failAnswer(400, 'CAPTCHA_INVALID', 'Captcha check failed'),
    });
    await openRegister();
    await vi.waitFor(() => expect(drawn).toBe(1));
    fillValidForm();
    type(/^Captcha/, 'ab12');
    tickTerms();
    submit();
    expect((await screen.findByTestId('field-error-captcha')).textContent).toBe('Captcha check failed');
    expect(server.callsTo('PUT', MemberPaths.register)[0]?.body).toMatchObject({
      captcha: 'ab12',
      captchaId: 'cap-1',
    });
    await vi.waitFor(() => expect(drawn).toBe(2));
  });

  it('when Google and Facebook sign-in are on, then their links lead to the social start', async () => {
    api();
    await openRegister('/register', enabledModules('USERNAMEREG3', 'GOOGLELOGIN3', 'FBLOGIN3'));
    expect(screen.getByTestId('social-google').getAttribute('href')).toBe('/wps/session/social/google');
    expect(screen.getByTestId('social-facebook').getAttribute('href')).toBe('/wps/session/social/facebook');
  });
});
