import { fireEvent, screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { useSideMenu } from '../../../shared/state/side-menu.ts';
import { permissionFixture } from '../../../test/permission-fixture.ts';
import { renderInLobby } from '../../../test/render-in-lobby.tsx';
import { SideMenu } from './side-menu.tsx';

describe('side menu (spec 2.5)', () => {
  afterEach(() => {
    act(() => useSideMenu.setState({ collapsed: false, drawerOpen: false }));
    useSession.setState({ isAgent: false });
    vi.unstubAllGlobals();
  });

  it('when a player opens it, then it offers invite friends, the app QR codes and customer service', () => {
    renderInLobby(<SideMenu />);
    expect(screen.getByRole('link', { name: 'Invite friends' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Scan to download for iOS' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Scan to download for Android' })).toBeTruthy();
    expect(screen.getByLabelText('Language')).toBeTruthy();
  });

  it('when an agent opens it, then the agent register centre takes the place of invite friends', () => {
    useSession.setState({ isAgent: true });
    renderInLobby(<SideMenu />);
    expect(screen.queryByRole('link', { name: 'Invite friends' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Agent register centre' }).getAttribute('href')).toBe(
      '/agentHome?page=registerCenter',
    );
  });

  it('when the member centre shows a page, then only the side menu entry of that page is current', async () => {
    const { router } = renderInLobby(<SideMenu />, { path: '/member' });
    const invite = screen.getByRole('link', { name: 'Invite friends' });
    const reward = screen.getByRole('link', { name: 'Reward centre' });
    expect(invite.getAttribute('href')).toBe('/member?page=referral');
    expect(reward.getAttribute('href')).toBe('/member?page=rewardCenter');
    await act(() => router.navigate('/member?page=referral'));
    expect(screen.getByRole('link', { name: 'Invite friends' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Reward centre' }).getAttribute('aria-current')).toBeNull();
    await act(() => router.navigate('/member?page=securityCenter'));
    expect(screen.getByRole('link', { name: 'Invite friends' }).getAttribute('aria-current')).toBeNull();
  });

  it('when the collapse button is pressed, then the menu folds to icons and can unfold again', () => {
    renderInLobby(<SideMenu />);
    fireEvent.click(screen.getByRole('button', { name: 'Collapse menu' }));
    expect(screen.getByTestId('side-menu').className).toContain('side-menu--collapsed');
    fireEvent.click(screen.getByRole('button', { name: 'Expand menu' }));
    expect(screen.getByTestId('side-menu').className).not.toContain('side-menu--collapsed');
  });

  it('when the site configures no app download, then the menu offers none (no dead link)', () => {
    const permission = permissionFixture();
    permission.info.appDownloads = { ios: '', android: '', lite: '' };
    renderInLobby(<SideMenu />, { permission });
    expect(screen.queryByRole('heading', { name: 'Get the app' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Scan to download/ })).toBeNull();
  });

  it('when the phone drawer is open, then Escape closes it', () => {
    act(() => useSideMenu.getState().setDrawer(true));
    renderInLobby(<SideMenu />);
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(useSideMenu.getState().drawerOpen).toBe(false);
  });

  it('when a phone shows a page, then the closed drawer holds no links until first opened, and keeps them once closed', () => {
    // Every media query matches: the width of a phone, where the rail is a drawer.
    const matchMedia = (query: string) =>
      ({
        matches: true,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList;
    vi.stubGlobal('matchMedia', matchMedia);
    renderInLobby(<SideMenu />);
    expect(screen.getByTestId('side-menu')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Invite friends' })).toBeNull();
    act(() => useSideMenu.getState().setDrawer(true));
    expect(screen.getByRole('link', { name: 'Invite friends' })).toBeTruthy();
    act(() => useSideMenu.getState().setDrawer(false));
    expect(screen.getByRole('link', { name: 'Invite friends' })).toBeTruthy();
  });
});
