import { MemberPaths } from '@fortuna/contracts/member';
import { VerificationPaths } from '@fortuna/contracts/verification';
import { fireEvent, screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { usePopups } from '../../../shared/state/popups.ts';
import { failAnswer, fakeApi, okAnswer } from '../../../test/fake-api.ts';
import { loginValueFixture, memberFixture } from '../../../test/member-fixture.ts';
import { permissionFixture, permissionWithModules } from '../../../test/permission-fixture.ts';
import { renderInLobby } from '../../../test/render-in-lobby.tsx';
import { ForgotPasswordPopup } from './forgot-password-popup.tsx';

// The slider is its own feature with its own tests; here it is solved at once.
vi.mock('../../../shared/verification/use-slider-ticket.tsx', () => ({
  useSliderTicket: () => ({ request: async () => 'slider-ticket-2', dialog: null }),
}));

const member = memberFixture({ account: 'player02', nickname: 'player02', mobile: '+63 ••• ••• 4567' });
const session = loginValueFixture({
  token: 'phone-token',
  userInfo: { userName: 'player02', nickname: 'player02', type: 0 },
});

function openPopup(byPhone: boolean) {
  const permission = byPhone ? permissionWithModules('CHNGPASSVERIF3') : permissionFixture();
  vi.useFakeTimers({ toFake: ['setTimeout'] });
  const view = renderInLobby(<ForgotPasswordPopup onClose={() => {}} onLogin={() => {}} />, {
    path: '/help',
    permission,
  });
  act(() => vi.advanceTimersByTime(100));
  vi.useRealTimers();
  return view;
}

const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('forgot-password popup (spec 2.11, 4.5)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    usePopups.getState().close();
    useSession.getState().endSession();
  });

  it('when CHNGPASSVERIF3 is off, then it asks for username and e-mail', () => {
    fakeApi({});
    openPopup(false);
    expect(screen.getByLabelText(/^E-mail/)).toBeTruthy();
    expect(screen.queryByLabelText(/^Mobile number/)).toBeNull();
  });

  it('when resetting by phone, then a code is sent for resetPassword, the new password set, and the member logged in at home', async () => {
    const api = fakeApi({
      [`POST ${VerificationPaths.smsNoLogin}`]: () => okAnswer({ expiredMinutes: 5 }),
      [`POST ${MemberPaths.setByPhone}`]: () => okAnswer(session),
      [`GET ${MemberPaths.info}`]: () => okAnswer(member),
    });
    const { router } = openPopup(true);
    type(/^Mobile number/, '9171234567');
    fireEvent.click(screen.getByTestId('send-sms-code'));
    await vi.waitFor(() => expect(screen.getByTestId('send-sms-code').textContent).toBe('300 s'));
    expect(api.callsTo('POST', VerificationPaths.smsNoLogin)[0]?.body).toEqual({
      mobileNum: '9171234567',
      countryDialingCode: '+63',
      purpose: 'resetPassword',
      sliderTicket: 'slider-ticket-2',
    });
    type(/^Verification code/, '123456');
    type(/^New password/, 'newpass123');
    type(/^Confirm new password/, 'newpass123');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    await vi.waitFor(() => expect(useSession.getState().isLogin).toBe(true));
    const [call] = api.callsTo('POST', MemberPaths.setByPhone);
    expect(call?.contentType).toMatch(/sealed/);
    expect(call?.body).toEqual({
      mobileNum: '9171234567',
      countryDialingCode: '+63',
      verificationCode: '123456',
      newPassword: 'newpass123',
      confirmNewPassword: 'newpass123',
    });
    expect(useSession.getState().loginType).toBe('phone');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('when the code is wrong, then the server message shows under the code and nobody is logged in', async () => {
    fakeApi({
      [`POST ${MemberPaths.setByPhone}`]: () =>
        failAnswer(400, 'SMS_CODE_INVALID', 'Invalid verification code'),
    });
    openPopup(true);
    type(/^Mobile number/, '9171234567');
    type(/^Verification code/, '000000');
    type(/^New password/, 'newpass123');
    type(/^Confirm new password/, 'newpass123');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect((await screen.findByTestId('field-error-verificationCode')).textContent).toBe(
      'Invalid verification code',
    );
    expect(useSession.getState().isLogin).toBe(false);
  });

  it('when fields are missing, then each says what is missing and nothing is sent', async () => {
    const api = fakeApi({});
    openPopup(true);
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect((await screen.findByTestId('field-error-mobileNum')).textContent).toBe('Missing phone number');
    expect(screen.getByTestId('field-error-verificationCode').textContent).toBe('Missing verification code');
    expect(screen.getByTestId('field-error-newPassword').textContent).toBe('This field is required');
    expect(api.calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });
});
