import { MemberPaths } from '@fortuna/contracts/member';
import { fireEvent, screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { usePopups } from '../../../shared/state/popups.ts';
import { failAnswer, fakeApi, okAnswer } from '../../../test/fake-api.ts';
import { renderInLobby } from '../../../test/render-in-lobby.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';

async function openPage(search: string) {
  const { router } = renderInLobby(<ResetPasswordPage />, { path: '/resetPassword' });
  await act(() => router.navigate(`/resetPassword${search}`));
}

function fillIn(password: string, confirm: string) {
  fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: password } });
  fireEvent.change(screen.getByLabelText(/^Confirm new password/), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
}

describe('reset password by the mailed link', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    usePopups.getState().close();
  });

  it('when the new password is set, then the token goes with it and the page offers to log in', async () => {
    const api = fakeApi({ [`POST ${MemberPaths.resetByEmailLink}`]: () => okAnswer({ reset: true }) });
    await openPage('?token=link-token-1');
    fillIn('newpass123', 'newpass123');
    fireEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(api.callsTo('POST', MemberPaths.resetByEmailLink)[0]?.body).toEqual({
      token: 'link-token-1',
      newPassword: 'newpass123',
      confirmNewPassword: 'newpass123',
    });
    expect(usePopups.getState().open).toBe('login');
  });

  it('when the link is no longer valid, then the page says so and offers to ask again', async () => {
    fakeApi({
      [`POST ${MemberPaths.resetByEmailLink}`]: () =>
        failAnswer(400, 'RESET_LINK_INVALID', 'This link is no longer valid, please ask for a new one'),
    });
    await openPage('?token=used-token');
    fillIn('newpass123', 'newpass123');
    expect((await screen.findByRole('alert')).textContent).toMatch(/no longer valid/);
    fireEvent.click(screen.getByRole('button', { name: 'Ask for a new link' }));
    expect(usePopups.getState().open).toBe('forgotPassword');
  });

  it('when the page has no token, then it says the link is not valid without asking for a password', async () => {
    fakeApi({});
    await openPage('');
    expect(screen.getByRole('alert').textContent).toMatch(/no longer valid/);
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
  });

  it('when the confirmation differs, then nothing is sent', async () => {
    const api = fakeApi({});
    await openPage('?token=t');
    fillIn('newpass123', 'newpass12');
    expect((await screen.findByTestId('field-error-confirmNewPassword')).textContent).toBe(
      'Incorrect confirmation input',
    );
    expect(api.calls).toHaveLength(0);
  });
});
