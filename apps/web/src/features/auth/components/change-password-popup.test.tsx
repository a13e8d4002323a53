import { MemberPaths } from '@fortuna/contracts/member';
import { fireEvent, screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { failAnswer, fakeApi, okAnswer } from '../../../test/fake-api.ts';
import { memberFixture } from '../../../test/member-fixture.ts';
import { renderInLobby } from '../../../test/render-in-lobby.tsx';
import { ChangePasswordPopup } from './change-password-popup.tsx';

function openPopup(forced: boolean, next?: string) {
  const onClose = vi.fn();
  vi.useFakeTimers({ toFake: ['setTimeout'] });
  const view = renderInLobby(<ChangePasswordPopup forced={forced} next={next} onClose={onClose} />, {
    path: '/member',
  });
  act(() => vi.advanceTimersByTime(100));
  vi.useRealTimers();
  return { ...view, onClose };
}

function fillIn(old: string, next: string, confirm: string) {
  fireEvent.change(screen.getByLabelText(/^Current password/), { target: { value: old } });
  fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: next } });
  fireEvent.change(screen.getByLabelText(/^Confirm new password/), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('change-password popup (spec 2.11, 4.4)', () => {
  beforeEach(() => useSession.getState().startSession('old-token', 'username'));
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.getState().endSession();
  });

  it('when forced, then there is no close button, and neither the cover nor Escape closes it', () => {
    fakeApi({});
    const { onClose } = openPopup(true);
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    expect(screen.getByTestId('forced-password-note').textContent).toMatch(/default one or has expired/);
    fireEvent.click(screen.getByTestId('dialog-cover'));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('change-password-popup')).toBeTruthy();
  });

  it('when not forced, then the close button closes it', () => {
    fakeApi({});
    const { onClose } = openPopup(false);
    expect(screen.queryByTestId('forced-password-note')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('when the confirmation differs, then it says so under the field and sends nothing', async () => {
    const api = fakeApi({});
    openPopup(false);
    fillIn('oldpass123', 'newpass123', 'newpass124');
    expect((await screen.findByTestId('field-error-confirmNewPassword')).textContent).toBe(
      'Incorrect confirmation input',
    );
    expect(api.calls).toHaveLength(0);
  });

  it('when the new password breaks the password rule, then the rule is named under it', async () => {
    const api = fakeApi({});
    openPopup(false);
    fillIn('oldpass123', 'lettersonly', 'lettersonly');
    expect((await screen.findByTestId('field-error-newPassword')).textContent).toBe(
      'Must contain at least one letter and one digit',
    );
    expect(api.calls).toHaveLength(0);
  });

  it('when the old password is wrong, then the server message shows under it', async () => {
    fakeApi({
      [`POST ${MemberPaths.changePassword}`]: () =>
        failAnswer(400, 'WRONG_PASSWORD', 'The current password is incorrect', {
          issues: [{ field: 'body.oldPassword', message: 'The current password is incorrect' }],
        }),
    });
    const { onClose } = openPopup(true);
    fillIn('wrongpass1', 'newpass123', 'newpass123');
    expect((await screen.findByTestId('field-error-oldPassword')).textContent).toBe(
      'The current password is incorrect',
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('token')).toBe('old-token');
  });

  it.each([
    ['EN', 'PASSWORD_TOO_COMMON', 'This password is too common or too easy to guess, please choose another'],
    ['TY', 'PASSWORD_TOO_COMMON', 'Masyadong karaniwan o madaling hulaan ang password na ito, pumili ng iba'],
    ['EN', 'PASSWORD_HAS_USERNAME', 'The password must not contain the username'],
    ['TY', 'PASSWORD_HAS_USERNAME', 'Hindi dapat nasa password ang username'],
    [
      'TY',
      'PASSWORD_KNOWN_DEFAULT',
      'Ito ay default o demo na password ng site, o ang pangalan nito: pumili ng sarili mong password',
    ],
  ])(
    'when the server refuses the new password (%s, %s), then the reason shows under it in that language',
    async (language, code, shown) => {
      try {
        fakeApi({
          [`POST ${MemberPaths.changePassword}`]: () =>
            failAnswer(400, code, 'the server says it in English', {
              issues: [{ field: 'body.newPassword', message: 'the server says it in English' }],
            }),
        });
        openPopup(false);
        fireEvent.change(screen.getByLabelText(/^Current password/), { target: { value: 'oldpass123' } });
        fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'password1' } });
        fireEvent.change(screen.getByLabelText(/^Confirm new password/), { target: { value: 'password1' } });
        const submit = screen.getByRole('button', { name: 'Change password' });
        // The member reads the lobby in this language when the server's refusal comes back.
        await act(() => i18n.changeLanguage(language));
        fireEvent.click(submit);
        expect((await screen.findByTestId('field-error-newPassword')).textContent).toBe(shown);
      } finally {
        await i18n.changeLanguage('EN');
      }
    },
  );

  it('when the change succeeds, then the new token is kept, member info reloads, the popup closes and the member goes home', async () => {
    const api = fakeApi({
      [`POST ${MemberPaths.changePassword}`]: () => okAnswer({ token: 'rotated-token' }),
      [`GET ${MemberPaths.info}`]: () => okAnswer(memberFixture()),
    });
    const { onClose, router } = openPopup(true);
    fillIn('oldpass123', 'newpass123', 'newpass123');
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('POST', MemberPaths.changePassword)[0]?.body).toEqual({
      oldPassword: 'oldpass123',
      newPassword: 'newpass123',
      confirmNewPassword: 'newpass123',
    });
    expect(api.callsTo('POST', MemberPaths.changePassword)[0]?.contentType).toMatch(/sealed/);
    expect(sessionStorage.getItem('token')).toBe('rotated-token');
    expect(useSession.getState().memberInfo?.account).toBe('player01');
    expect(useSession.getState().loginType).toBe('username');
    expect(router.state.location.pathname).toBe('/');
  });

  it('when the change interrupted an agent login, then the agent goes on to the agent centre', async () => {
    fakeApi({
      [`POST ${MemberPaths.changePassword}`]: () => okAnswer({ token: 'rotated-token' }),
      [`GET ${MemberPaths.info}`]: () => okAnswer(memberFixture({ type: 2, isAgent: true })),
    });
    const { onClose, router } = openPopup(true, '/agentHome');
    fillIn('oldpass123', 'newpass123', 'newpass123');
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(router.state.location.pathname).toBe('/agentHome');
  });
});
