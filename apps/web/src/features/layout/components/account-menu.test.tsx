import type { MemberInfo } from '@fortuna/contracts/member';
import { fireEvent, screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { usePopups } from '../../../shared/state/popups.ts';
import { DialogHost } from '../../../shared/ui/dialog/dialog-host.tsx';
import { useDialogs } from '../../../shared/ui/dialog/dialog-store.ts';
import { fakeApi, okAnswer } from '../../../test/fake-api.ts';
import { logInAs, memberFixture } from '../../../test/member-fixture.ts';
import { renderInLobby } from '../../../test/render-in-lobby.tsx';
import { SiteHeader } from './site-header.tsx';

function logIn(overrides: Partial<MemberInfo>) {
  logInAs(memberFixture(overrides));
}

function renderHeader() {
  fakeApi({ 'GET /wps/member/info/icon': () => okAnswer({ iconUrl: 'data:image/svg+xml;base64,PHN2Zy8+' }) });
  return renderInLobby(
    <>
      <SiteHeader showMenuButton={false} />
      <DialogHost />
    </>,
  );
}

describe('header, logged in (spec 2.4)', () => {
  afterEach(() => {
    act(() => {
      useSession.getState().endSession();
      useDialogs.setState({ dialogs: [] });
    });
  });

  it('when a member is logged in, then the log-in buttons give way to deposit, withdraw and the account menu', () => {
    logIn({});
    renderHeader();
    expect(screen.queryByRole('button', { name: 'Log in' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Deposit' }).getAttribute('href')).toBe('/member?page=depositv2');
    expect(screen.getByRole('link', { name: 'Withdraw' }).getAttribute('href')).toBe('/member?page=withdraw');
    expect(screen.getByRole('button', { name: 'Account menu of Lucky' })).toBeTruthy();
  });

  it('when the avatar arrives, then it shows in the account button', async () => {
    logIn({});
    renderHeader();
    await vi.waitFor(() =>
      expect(screen.getByTestId('account-menu-button').querySelector('img')?.getAttribute('src')).toMatch(
        /^data:image\/svg/,
      ),
    );
  });

  it('when the menu opens, then focus goes to its first entry; Escape closes it and gives focus back', () => {
    logIn({ isAgent: true });
    renderHeader();
    const button = screen.getByTestId('account-menu-button');
    fireEvent.click(button);
    const entries = screen.getAllByRole('menuitem');
    expect(entries.map((entry) => entry.textContent)).toContain('Agent centre');
    expect(entries.at(-1)?.textContent).toBe('Sign out');
    expect(document.activeElement).toBe(entries[0]);
    fireEvent.keyDown(entries[0] as HTMLElement, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(entries.at(-1));
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('when sign out is chosen, then the confirmation asks first', async () => {
    logIn({});
    renderHeader();
    fireEvent.click(screen.getByTestId('account-menu-button'));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByRole('dialog', { name: 'Notice' })).toBeTruthy();
    expect(useSession.getState().isLogin).toBe(true);
  });

  it('when change password is chosen, then the change-password popup opens (not for trial accounts)', () => {
    logIn({});
    renderHeader();
    fireEvent.click(screen.getByTestId('account-menu-button'));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Change password' }));
    expect(usePopups.getState()).toMatchObject({ open: 'changePassword', forced: false });
    act(() => usePopups.getState().close());
  });

  it('when a trial account opens the menu, then it offers no password change', () => {
    logIn({ isTrial: true });
    renderHeader();
    fireEvent.click(screen.getByTestId('account-menu-button'));
    expect(screen.queryByRole('menuitem', { name: 'Change password' })).toBeNull();
  });

  it('when a trial user is logged in, then there are no wallet shortcuts', () => {
    logIn({ isTrial: true });
    renderHeader();
    expect(screen.queryByRole('link', { name: 'Deposit' })).toBeNull();
    expect(screen.getByTestId('account-menu-button')).toBeTruthy();
  });
});
