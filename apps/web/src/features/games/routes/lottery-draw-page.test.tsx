import { GamePaths } from '@fortuna/contracts/games';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { usePopups } from '../../../shared/state/popups.ts';
import { DialogHost } from '../../../shared/ui/dialog/dialog-host.tsx';
import { fakeApi, okAnswer } from '../../../test/fake-api.ts';
import { gameFixture } from '../../../test/games.test-fixtures.ts';
import { logInAs, memberFixture } from '../../../test/member-fixture.ts';
import { renderInLobby } from '../../../test/render-in-lobby.tsx';
import { LotteryDrawPage } from './lottery-draw-page.tsx';

const draw = (nodeId: number, gameCode: string, name: string, group: string, launchable = true) => ({
  ...gameFixture(nodeId, {
    vassalage: 'FORTUNA',
    vendorName: 'Fortuna Originals',
    gameType: 'LOTT',
    gameCode,
    displayName: name,
    gameName: name,
    launchable,
  }),
  gameGroupCode: group,
});

const BOARD_URL = 'http://house.test/game/abc';

function drawsApi() {
  return fakeApi({
    [`GET ${GamePaths.gameMenus}`]: () =>
      okAnswer({
        'keno-1m': draw(1, 'keno-1m', 'Keno · 1 min', 'KENO'),
        'vn-north': draw(2, 'vn-north', 'Vietnam North', 'VN'),
        'vn-south': draw(3, 'vn-south', 'Vietnam South', 'VN'),
        'vn-fast': draw(4, 'vn-fast', 'Vietnam Fast Lottery', 'VN', false),
        'sea-2d': draw(5, 'sea-2d', 'SEA 2D', 'SEA'),
      }),
    [`GET ${GamePaths.vendors}`]: () => okAnswer([]),
    [`POST ${GamePaths.launch}`]: () =>
      okAnswer({ url: BOARD_URL, nodeId: '2', gameName: 'Vietnam North', demo: false }),
  });
}

describe('a draw family page (spec 2.1 /vnLottery, /seaLottery; ADR 062)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.getState().endSession();
  });

  it.each([
    ['/vnLottery', 'vn-north', 2, 'LOTT'],
    ['/seaLottery', 'sea-2d', 5, 'SEA'],
    ['/lottery', 'keno-1m', 1, 'LOTT'],
    ['/lottery', 'vn-south', 3, 'LOTT'],
  ])(
    'when a member opens %s?gameCode=%s, then the draw is launched through the platform in its prize mode and its board fills the page',
    async (path, gameCode, nodeId, mode) => {
      const api = drawsApi();
      logInAs(memberFixture());
      renderInLobby(<LotteryDrawPage />, { path, search: `?gameCode=${gameCode}` });
      const frame = await screen.findByTestId('lottery-board-iframe');
      expect(frame.getAttribute('src')).toBe(BOARD_URL);
      expect(api.callsTo('GET', GamePaths.gameMenus)[0]?.query.get('prizeMode')).toBe(mode);
      expect(api.callsTo('POST', GamePaths.launch).map((call) => call.body)).toEqual([
        { nodeId, language: 'EN', lottoPrizeMode: mode },
      ]);
    },
  );

  it('when a visitor opens a draw, then they are asked to log in (the button opens the login popup) and nothing is launched', async () => {
    const api = drawsApi();
    renderInLobby(<LotteryDrawPage />, { path: '/vnLottery', search: '?gameCode=vn-north' });
    expect(await screen.findByText('Log in to bet')).not.toBeNull();
    fireEvent.click(screen.getByTestId('lottery-board-account'));
    expect(usePopups.getState().open).toBe('login');
    expect(api.callsTo('POST', GamePaths.launch)).toHaveLength(0);
  });

  it('when a trial account opens a draw, then it is asked to register and nothing is launched', async () => {
    const api = drawsApi();
    logInAs(memberFixture({ isTrial: true }), { token: 'trial-token', loginType: 'freeplay' });
    renderInLobby(
      <>
        <LotteryDrawPage />
        <DialogHost />
      </>,
      { path: '/vnLottery', search: '?gameCode=vn-north' },
    );
    expect(await screen.findByText('Register to bet')).not.toBeNull();
    fireEvent.click(screen.getByTestId('lottery-board-account'));
    expect(await screen.findByTestId('trial-notice')).not.toBeNull();
    expect(api.callsTo('POST', GamePaths.launch)).toHaveLength(0);
  });

  it.each([
    ['a draw of another family', 'sea-2d'],
    ['a draw not playable today', 'vn-fast'],
    ['an unknown code', 'vn-nowhere'],
    ['a code with a NUL byte', 'vn-north%00'],
    ['a huge code', 'v'.repeat(5_000)],
  ])(
    'when the gameCode is %s, then the page says there is no such draw, lists the family’s draws and launches nothing',
    async (_, gameCode) => {
      const api = drawsApi();
      logInAs(memberFixture());
      renderInLobby(<LotteryDrawPage />, { path: '/vnLottery', search: `?gameCode=${gameCode}` });
      expect(await screen.findByTestId('lottery-unknown-draw')).not.toBeNull();
      const tiles = within(screen.getByTestId('lottery-VN')).getAllByTestId('game-tile');
      expect(tiles.map((tile) => tile.getAttribute('data-node-id'))).toEqual(['2', '3', '4']);
      await waitFor(() => expect(api.callsTo('GET', GamePaths.gameMenus)).toHaveLength(1));
      expect(api.callsTo('POST', GamePaths.launch)).toHaveLength(0);
    },
  );

  it('when no gameCode is given, then the family’s draws are listed to pick from, without a notice', async () => {
    drawsApi();
    renderInLobby(<LotteryDrawPage />, { path: '/seaLottery' });
    const sea = await screen.findByTestId('lottery-SEA');
    expect(
      within(sea)
        .getAllByTestId('game-tile')
        .map((tile) => tile.getAttribute('data-node-id')),
    ).toEqual(['5']);
    expect(screen.queryByTestId('lottery-unknown-draw')).toBeNull();
  });

  it('when /lottery is opened without a gameCode, then every draw of the brand’s menu is listed, of every family', async () => {
    drawsApi();
    renderInLobby(<LotteryDrawPage />, { path: '/lottery' });
    const all = await screen.findByTestId('lottery-ALL');
    expect(
      within(all)
        .getAllByTestId('game-tile')
        .map((tile) => tile.getAttribute('data-node-id')),
    ).toEqual(['1', '2', '3', '4', '5']);
  });

  it('when /lottery names a draw not playable today, then it says so and launches nothing', async () => {
    const api = drawsApi();
    logInAs(memberFixture());
    renderInLobby(<LotteryDrawPage />, { path: '/lottery', search: '?gameCode=vn-fast' });
    expect(await screen.findByTestId('lottery-unknown-draw')).not.toBeNull();
    expect(api.callsTo('POST', GamePaths.launch)).toHaveLength(0);
  });
});
