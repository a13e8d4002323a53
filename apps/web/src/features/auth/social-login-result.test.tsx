import { render, screen } from '@testing-library/react';
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../../i18n/i18n.ts';
import { DialogHost } from '../../shared/ui/dialog/dialog-host.tsx';
import { useDialogs } from '../../shared/ui/dialog/dialog-store.ts';
import { useSocialLoginResult } from './social-login-result.ts';

function Lobby() {
  useSocialLoginResult();
  return <DialogHost />;
}

function openLobbyAt(entry: string) {
  const router = createMemoryRouter([{ path: '/', element: <Lobby /> }], { initialEntries: [entry] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('social login result (spec 8)', () => {
  afterEach(() => {
    act(() => useDialogs.setState({ dialogs: [] }));
  });

  it('when the lobby starts with ?socialError=, then it says Login failure and drops the parameter', async () => {
    const router = openLobbyAt('/?socialError=failed&lang=EN#top');
    const dialog = await screen.findByTestId('social-login-failed');
    expect(dialog.textContent).toContain('Login failure. Please try again');
    expect(router.state.location.search).toBe('?lang=EN');
    expect(router.state.location.hash).toBe('#top');
    expect(useDialogs.getState().dialogs).toHaveLength(1);
  });

  it('when the provider was switched off, then the same failure is shown', async () => {
    const router = openLobbyAt('/?socialError=disabled');
    expect((await screen.findByTestId('social-login-failed')).textContent).toContain('Login failure');
    expect(router.state.location.search).toBe('');
  });

  it('when the lobby starts without the parameter, then nothing is shown', async () => {
    const router = openLobbyAt('/?lang=EN');
    await act(async () => {});
    expect(useDialogs.getState().dialogs).toHaveLength(0);
    expect(router.state.location.search).toBe('?lang=EN');
  });
});
