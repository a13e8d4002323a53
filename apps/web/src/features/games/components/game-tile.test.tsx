import { GamePaths } from '@fortuna/contracts/games';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { DialogHost } from '../../../shared/ui/dialog/dialog-host.tsx';
import { useDialogs } from '../../../shared/ui/dialog/dialog-store.ts';
import { failAnswer, fakeApi, okAnswer } from '../../../test/fake-api.ts';
import { gameFixture } from '../../../test/games.test-fixtures.ts';
import { logInAs, memberFixture } from '../../../test/member-fixture.ts';
import { renderInLobby } from '../../../test/render-in-lobby.tsx';
import { useGameFrame } from './game-frame-store.ts';
import { GameGrid } from './game-grid.tsx';

const tileOf = (nodeId: number) =>
  screen.getAllByTestId('game-tile').find((tile) => tile.dataset.nodeId === String(nodeId)) ??
  expect.unreachable();

describe('game tile: only what can be launched offers play', () => {
  afterEach(async () => {
    act(() => {
      useSession.getState().endSession();
      useDialogs.setState({ dialogs: [] });
      useGameFrame.getState().close();
    });
    await act(() => i18n.changeLanguage('EN'));
    vi.unstubAllGlobals();
  });

  it('when a game can be launched, then it offers play and free play with its badges; a coming-soon game says so with no play, no badge; a game in maintenance has no play either', () => {
    fakeApi({ [`GET ${GamePaths.favouriteIds}`]: () => okAnswer({ nodeIds: [] }) });
    renderInLobby(
      <GameGrid
        games={[
          gameFixture(1, { isHot: 1, isNew: true }),
          gameFixture(2, { isHot: 1, isNew: true, launchable: false }),
          gameFixture(3, { launchable: false, maintenance: true }),
        ]}
      />,
    );
    const playable = within(tileOf(1));
    expect(playable.getByTestId('game-play')).toBeTruthy();
    expect(playable.getByText('Play demo')).toBeTruthy();
    expect(playable.getByText('Hot')).toBeTruthy();
    expect(playable.queryByTestId('game-coming-soon')).toBeNull();

    const soon = within(tileOf(2));
    expect(soon.getByTestId('game-coming-soon').textContent).toBe('Coming soon');
    expect(soon.queryByTestId('game-play')).toBeNull();
    expect(soon.queryByText('Play demo')).toBeNull();
    expect(soon.queryByText('Hot')).toBeNull();
    expect(soon.queryByText('New')).toBeNull();

    const paused = within(tileOf(3));
    expect(paused.getByTestId('game-maintenance').textContent).toBe('Maintenance');
    expect(paused.queryByTestId('game-play')).toBeNull();
    expect(paused.queryByTestId('game-coming-soon')).toBeNull();
  });

  it('when the lobby is in Tagalog, then a coming-soon tile says so in Tagalog', async () => {
    fakeApi({ [`GET ${GamePaths.favouriteIds}`]: () => okAnswer({ nodeIds: [] }) });
    await act(() => i18n.changeLanguage('TY'));
    renderInLobby(<GameGrid games={[gameFixture(2, { launchable: false })]} />);
    expect(within(tileOf(2)).getByTestId('game-coming-soon').textContent).toBe('Malapit na');
  });

  it('when a launch is refused because the vendor is not connected, then the member is told in their language, naming the vendor', async () => {
    fakeApi({
      [`GET ${GamePaths.favouriteIds}`]: () => okAnswer({ nodeIds: [] }),
      [`POST ${GamePaths.launch}`]: () =>
        failAnswer(403, 'VENDOR_NOT_CONNECTED', 'Games of JDB Gaming cannot be launched here yet', {
          vendor: 'JDB Gaming',
          issues: [],
        }),
    });
    logInAs(memberFixture());
    await act(() => i18n.changeLanguage('TY'));
    renderInLobby(
      <>
        <GameGrid games={[gameFixture(1)]} />
        <DialogHost />
      </>,
    );
    fireEvent.click(within(tileOf(1)).getByTestId('game-play'));
    const dialog = await screen.findByTestId('game-error');
    expect(dialog.textContent).toContain('Malapit nang dumating ang mga laro ng JDB Gaming');
  });

  it.each([
    ['the games the server offers', { alternatives: [gameFixture(7), gameFixture(8)], issues: [] }, [7, 8]],
    ['no games when the offer is not a list of games', { alternatives: [{ nodeId: 'x' }], issues: [] }, []],
  ])(
    'when a launch is refused because the vendor went into maintenance, then the frame offers %s',
    async (_, value, offered) => {
      fakeApi({
        [`GET ${GamePaths.favouriteIds}`]: () => okAnswer({ nodeIds: [] }),
        [`POST ${GamePaths.launch}`]: () => failAnswer(503, 'VENDOR_MAINTENANCE', 'In maintenance', value),
      });
      logInAs(memberFixture());
      renderInLobby(<GameGrid games={[gameFixture(1)]} />);
      fireEvent.click(within(tileOf(1)).getByTestId('game-play'));
      await vi.waitFor(() => expect(useGameFrame.getState().alternatives).not.toBeNull());
      expect(useGameFrame.getState().alternatives?.games.map((game) => Number(game.nodeId))).toEqual(offered);
      expect(screen.queryByTestId('game-error')).toBeNull();
    },
  );
});
