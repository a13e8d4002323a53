import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../i18n/i18n.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { renderInLobby } from '../../../test/render-in-lobby.tsx';
import { HomePage } from './home-page.tsx';

describe('home (spec 2.1)', () => {
  afterEach(() => useSession.getState().setToken(null));

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

  it('when home opens, then the categories lead to their pages and the game rows say they are not in yet', () => {
    renderInLobby(<HomePage />);
    expect(screen.getByRole('link', { name: 'Slots' }).getAttribute('href')).toBe('/rng');
    expect(screen.getByRole('link', { name: 'Cockfight' }).getAttribute('href')).toBe('/cockfight');
    expect(screen.getByText(/game rows appear here as soon as they go live/)).toBeTruthy();
  });
});
