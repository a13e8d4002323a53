import { GamePaths } from '@fortuna/contracts/games';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { usePopups } from '../../../shared/state/popups.ts';
import { fakeApi, okAnswer } from '../../../test/fake-api.ts';
import { gameFixture } from '../../../test/games.test-fixtures.ts';
import { logInAs, memberFixture } from '../../../test/member-fixture.ts';
import { renderInLobby } from '../../../test/render-in-lobby.tsx';
import { LotteryPage } from './lottery-page.tsx';

const draw = (nodeId: number, name: string, gameGroupCode: string | null) => ({
  ...gameFixture(nodeId, {
    vassalage: 'TCG',
    vendorName: 'TCG Lotto',
    gameType: 'LOTT',
    displayName: name,
    gameName: name,
  }),
  gameGroupCode,
});

function lotteryApi() {
  return fakeApi({
    [`GET ${GamePaths.gameMenus}`]: () =>
      okAnswer({
        'vn-north': draw(1, 'Vietnam North Lottery', 'VN'),
        keno: draw(2, 'Keno Classic', 'KENO'),
        'vn-south': draw(3, 'Vietnam South Lottery', 'VN'),
        mystery: draw(4, 'Mystery Draw', null),
      }),
    [`GET ${GamePaths.vendors}`]: () => okAnswer([]),
    [`POST ${GamePaths.launch}`]: () =>
      okAnswer({ url: 'http://house.test/play', nodeId: '2', gameName: 'Keno Classic', demo: false }),
  });
}

const namesIn = (section: HTMLElement) =>
  within(section)
    .getAllByTestId('game-tile')
    .map((tile) => tile.getAttribute('data-node-id'));

describe('lottery centre (spec 2.1 /lott)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.getState().endSession();
  });

  it('when the game menus answer, then the games show grouped by their gameGroupCode as tags, untagged last', async () => {
    const api = lotteryApi();
    renderInLobby(<LotteryPage />, { path: '/lott' });
    const vietnam = await screen.findByTestId('lottery-VN');
    expect(within(vietnam).getByRole('heading', { level: 2 }).textContent).toBe('Vietnam lottery');
    expect(namesIn(vietnam)).toEqual(['1', '3']);
    expect(namesIn(screen.getByTestId('lottery-KENO'))).toEqual(['2']);
    expect(namesIn(screen.getByTestId('lottery-OTHER'))).toEqual(['4']);
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Vietnam lottery',
      'Keno',
      'Other draws',
    ]);
    expect(api.callsTo('GET', GamePaths.gameMenus)[0]?.query.get('language')).toBe('EN');
  });

  it.each([
    ['/lott', 'LOTT'],
    ['/elott', 'ELOTT'],
  ])('when %s opens, then the menus are asked for its prize mode %s', async (path, mode) => {
    const api = lotteryApi();
    renderInLobby(<LotteryPage />, { path });
    await screen.findByTestId('lottery-VN');
    expect(api.callsTo('GET', GamePaths.gameMenus)[0]?.query.get('prizeMode')).toBe(mode);
  });

  it('when a tag is picked, then only its games show', async () => {
    lotteryApi();
    renderInLobby(<LotteryPage />, { path: '/lott' });
    fireEvent.click(await screen.findByRole('button', { name: 'Keno' }));
    expect(screen.queryByTestId('lottery-VN')).toBeNull();
    expect(namesIn(screen.getByTestId('lottery-KENO'))).toEqual(['2']);
  });

  it('when a vendor is named in the address, then the menus are asked for it alone', async () => {
    const api = lotteryApi();
    renderInLobby(<LotteryPage />, { path: '/lott', search: '?vassalage=TCG' });
    await screen.findByTestId('lottery-VN');
    expect(api.callsTo('GET', GamePaths.gameMenus)[0]?.query.get('vassalage')).toBe('TCG');
  });

  it.each([
    ['/lott', 'LOTT'],
    ['/elott', 'ELOTT'],
  ])('when a member plays a draw on %s, then it is launched in the prize mode %s', async (path, mode) => {
    const api = lotteryApi();
    logInAs(memberFixture());
    renderInLobby(<LotteryPage />, { path });
    const keno = await screen.findByTestId('lottery-KENO');
    fireEvent.click(within(keno).getByTestId('game-play'));
    await waitFor(() => expect(api.callsTo('POST', GamePaths.launch)).toHaveLength(1));
    expect(api.callsTo('POST', GamePaths.launch)[0]?.body).toEqual({
      nodeId: 2,
      language: 'EN',
      lottoPrizeMode: mode,
    });
  });

  it('when a visitor presses play, then the login popup opens and no launch is asked', async () => {
    const api = lotteryApi();
    renderInLobby(<LotteryPage />, { path: '/lott' });
    const vietnam = await screen.findByTestId('lottery-VN');
    fireEvent.click(within(vietnam).getAllByTestId('game-play')[0] ?? expect.unreachable());
    expect(usePopups.getState().open).toBe('login');
    expect(api.callsTo('POST', GamePaths.launch)).toHaveLength(0);
  });
});
