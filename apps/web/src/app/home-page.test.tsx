import { fireEvent, screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import '../i18n/i18n.ts';
import { useSession } from '../shared/session/session-store.ts';
import { DialogHost } from '../shared/ui/dialog/dialog-host.tsx';
import { useDialogs } from '../shared/ui/dialog/dialog-store.ts';
import { logInAs, memberFixture } from '../test/member-fixture.ts';
import { renderInLobby } from '../test/render-in-lobby.tsx';
import { HomePage } from './home-page.tsx';

describe('home (spec 2.1)', () => {
  afterEach(() => {
    act(() => {
      useSession.getState().endSession();
      useDialogs.setState({ dialogs: [] });
    });
  });

  it('when a visitor arrives, then the welcome panel offers to join or log in', () => {
    renderInLobby(<HomePage />);
    expect(screen.getByRole('button', { name: 'Join now' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it('when a member arrives, then no join or log-in calls are shown', () => {
    useSession.getState().setToken('member-token');
    renderInLobby(<HomePage />);
    expect(screen.queryByRole('button', { name: 'Join now' })).toBeNull();
  });

  it('when a trial user presses play, then the real-account notice shows and the games do not open', async () => {
    logInAs(memberFixture({ isTrial: true }), { token: 'trial-token', loginType: 'freeplay' });
    const { router } = renderInLobby(
      <>
        <HomePage />
        <DialogHost />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Play now' }));
    expect((await screen.findByTestId('trial-notice')).textContent).toContain('Register a real account');
    expect(router.state.location.pathname).toBe('/');
  });

  it('when a member presses play, then the slots open', () => {
    logInAs(memberFixture());
    const { router } = renderInLobby(<HomePage />);
    fireEvent.click(screen.getByRole('button', { name: 'Play now' }));
    expect(router.state.location.pathname).toBe('/rng');
  });

  it('when home opens, then the categories lead to their pages and the hot games row is there', () => {
    renderInLobby(<HomePage />);
    expect(screen.getByRole('link', { name: 'Slots' }).getAttribute('href')).toBe('/rng');
    expect(screen.getByRole('link', { name: 'Cockfight' }).getAttribute('href')).toBe('/cockfight');
    expect(screen.getByTestId('home-row-HOT')).toBeTruthy();
  });
});
