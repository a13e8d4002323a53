import { fireEvent, screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/i18n.ts';
import { failAnswer, fakeApi, okAnswer } from '../../test/fake-api.ts';
import { logInAs, memberFixture } from '../../test/member-fixture.ts';
import { renderInLobby } from '../../test/render-in-lobby.tsx';
import { DialogHost } from '../ui/dialog/dialog-host.tsx';
import { useDialogs } from '../ui/dialog/dialog-store.ts';
import { useSession } from './session-store.ts';
import { useLogout } from './use-logout.ts';

function SignOutButton() {
  const logout = useLogout();
  return (
    <>
      <button type="button" onClick={logout}>
        leave
      </button>
      <DialogHost />
    </>
  );
}

function logIn(isAgent: boolean) {
  sessionStorage.setItem('merchantCode', 'FORTUNA');
  sessionStorage.setItem('registerSettings', '[]');
  logInAs(memberFixture({ isAgent }), { token: 'live-token' });
}

async function confirmSignOut() {
  fireEvent.click(screen.getByRole('button', { name: 'leave' }));
  const dialog = await screen.findByTestId('logout-dialog');
  expect(dialog.textContent).toContain('Are you sure you want to sign out?');
  fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
}

describe('logout (spec 4.9)', () => {
  afterEach(() => {
    act(() => {
      useSession.getState().endSession();
      useDialogs.setState({ dialogs: [] });
    });
  });

  it('when confirmed, then the server ends the session, storage is cleared but the merchant code stays, and home opens', async () => {
    const api = fakeApi({ 'DELETE /wps/session/logout': () => okAnswer({ loggedOut: true }) });
    logIn(false);
    const { router } = renderInLobby(<SignOutButton />, { path: '/member' });
    await confirmSignOut();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.callsTo('DELETE', '/wps/session/logout')).toHaveLength(1);
    expect(useSession.getState()).toMatchObject({ isLogin: false, isAgent: false, memberInfo: null });
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('registerSettings')).toBeNull();
    expect(sessionStorage.getItem('merchantCode')).toBe('FORTUNA');
  });

  it('when cancelled, then nothing is sent and the session stays', async () => {
    const api = fakeApi({});
    logIn(false);
    renderInLobby(<SignOutButton />, { path: '/member' });
    fireEvent.click(screen.getByRole('button', { name: 'leave' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(api.calls).toHaveLength(0);
    expect(useSession.getState().isLogin).toBe(true);
  });

  it('when an agent signs out and the server says the session was already over (401), then the agent lands on /agent', async () => {
    fakeApi({ 'DELETE /wps/session/logout': () => failAnswer(401, 'UNAUTHENTICATED', 'Expired') });
    logIn(true);
    const { router } = renderInLobby(<SignOutButton />, { path: '/agentHome' });
    await confirmSignOut();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/agent'));
    expect(useSession.getState().isLogin).toBe(false);
  });
});
