import { fireEvent, screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/i18n.ts';
import { logInAs, memberFixture } from '../../test/member-fixture.ts';
import { renderInLobby } from '../../test/render-in-lobby.tsx';
import { usePopups } from '../state/popups.ts';
import { DialogHost } from '../ui/dialog/dialog-host.tsx';
import { useDialogs } from '../ui/dialog/dialog-store.ts';
import { useSession } from './session-store.ts';
import { useRequireRealAccount } from './use-require-real-account.ts';

function PlayButton({ play }: { play: () => void }) {
  const requireRealAccount = useRequireRealAccount();
  return (
    <>
      <button type="button" onClick={() => requireRealAccount(play)}>
        play
      </button>
      <DialogHost />
    </>
  );
}

function logIn(isTrial: boolean) {
  logInAs(memberFixture({ isTrial }), { loginType: isTrial ? 'freeplay' : 'username' });
}

describe('real account required to play (spec 4.3, 5)', () => {
  afterEach(() => {
    act(() => {
      useSession.getState().endSession();
      usePopups.getState().close();
      useDialogs.setState({ dialogs: [] });
    });
  });

  it('when a guest plays, then the login popup opens and nothing runs', () => {
    const play = vi.fn();
    renderInLobby(<PlayButton play={play} />);
    fireEvent.click(screen.getByRole('button', { name: 'play' }));
    expect(usePopups.getState().open).toBe('login');
    expect(play).not.toHaveBeenCalled();
  });

  it('when a trial user plays, then the notice says a real account is needed and its button opens registration', async () => {
    const play = vi.fn();
    logIn(true);
    renderInLobby(<PlayButton play={play} />);
    fireEvent.click(screen.getByRole('button', { name: 'play' }));
    const notice = await screen.findByTestId('trial-notice');
    expect(notice.textContent).toContain('A trial account can look around but not play');
    fireEvent.click(screen.getByRole('button', { name: 'Register a real account' }));
    expect(usePopups.getState().open).toBe('register');
    expect(play).not.toHaveBeenCalled();
  });

  it('when a member plays, then the action runs', () => {
    const play = vi.fn();
    logIn(false);
    renderInLobby(<PlayButton play={play} />);
    fireEvent.click(screen.getByRole('button', { name: 'play' }));
    expect(play).toHaveBeenCalledOnce();
    expect(useDialogs.getState().dialogs).toHaveLength(0);
  });
});
