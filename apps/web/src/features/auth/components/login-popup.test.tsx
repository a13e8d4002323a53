import { fireEvent, screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { permissionFixture } from '../../../test/permission-fixture.ts';
import { renderInLobby } from '../../../test/render-in-lobby.tsx';
import { LoginPopup } from './login-popup.tsx';

const smsLoginOn = permissionFixture();
smsLoginOn.info.whitelabel = [{ modId: 'VERCODELOGIN3', enabled: '1', childrenNodes: [] }];

function openPopup(options: { onAgentPage?: boolean; permission?: typeof smsLoginOn } = {}) {
  const onClose = vi.fn();
  const view = renderInLobby(
    <LoginPopup onClose={onClose} onRegister={() => {}} onAgentPage={options.onAgentPage ?? false} />,
    { path: options.onAgentPage ? '/agent' : '/', permission: options.permission },
  );
  act(() => vi.advanceTimersByTime(100));
  return { ...view, onClose };
}

function serverAnswers(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

async function submit(username: string, password: string) {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
  // The dialog is shown; from here the call's promises need real time to settle.
  vi.useRealTimers();
}

describe('login popup (spec 2.9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    useSession.getState().setToken(null);
  });

  it('when verification-code login is off, then there are no tabs', () => {
    openPopup();
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('when verification-code login is on, then username and SMS tabs show', () => {
    openPopup({ permission: smsLoginOn });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Username', 'SMS']);
  });

  it('when opened on the agent page, then there is no remember-password option', () => {
    openPopup({ onAgentPage: true });
    expect(screen.queryByLabelText('Remember me')).toBeNull();
  });

  it('when a field is empty, then nothing is sent and the popup asks for it', async () => {
    serverAnswers(200, {});
    openPopup();
    await submit('player01', '');
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Please enter the username and password',
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('when the server refuses, then its message is shown', async () => {
    serverAnswers(401, { success: false, value: null, message: 'Wrong password', code: 'UNAUTHENTICATED' });
    openPopup();
    await submit('player01', 'secret123');
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong password');
  });

  it('when the server does not offer login yet, then the popup says so plainly', async () => {
    serverAnswers(404, { success: false, value: null, message: 'Not found', code: 'NOT_FOUND' });
    openPopup();
    await submit('player01', 'secret123');
    expect((await screen.findByRole('alert')).textContent).toMatch(/not open on this site yet/);
  });

  it('when the login succeeds, then the session is kept, the popup closes and an agent goes to the agent centre', async () => {
    serverAnswers(200, {
      success: true,
      value: {
        token: 'new-token',
        firstTimeLogin: false,
        passwordExpired: false,
        userInfo: { userName: 'a' },
      },
      message: '',
      code: 'OK',
    });
    const { onClose, router } = openPopup({ onAgentPage: true });
    await submit('agent01', 'secret123');
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sessionStorage.getItem('token')).toBe('new-token');
    expect(useSession.getState().isLogin).toBe(true);
    expect(router.state.location.pathname).toBe('/agentHome');
  });
});
