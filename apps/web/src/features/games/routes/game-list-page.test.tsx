import { GAME_PAGE_SIZE, GamePaths } from '@fortuna/contracts/games';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { gameVendorsQuery } from '../../../shared/api/game-vendors.ts';
import { fakeApi, okAnswer } from '../../../test/fake-api.ts';
import { gameFixture, pageOf, vendorFixture } from '../../../test/games.test-fixtures.ts';
import { renderInLobby } from '../../../test/render-in-lobby.tsx';
import { gameListQuery } from '../api/games.ts';
import { homeRowList } from '../components/home-row-lists.ts';
import { GameListPage } from './game-list-page.tsx';

/** The list call never answers: what shows is what was at hand. */
function slowListApi() {
  return fakeApi({
    [`GET ${GamePaths.vendors}`]: () => okAnswer([{ gameType: 'RNG', vendors: [vendorFixture('V1')] }]),
    [`GET ${GamePaths.gameList}`]: () => new Promise(() => undefined),
  });
}

describe('game list page (spec 2.1)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("when a vendor is opened from the drop-down after home preloaded its games, then its first page shows at once, while the page's own call is on its way", async () => {
    const api = slowListApi();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(gameVendorsQuery.queryKey, [
      { gameType: 'RNG', vendors: [vendorFixture('V1')] },
    ]);
    const games = Array.from({ length: 24 }, (_, index) => gameFixture(index + 1, { vassalage: 'V1' }));
    queryClient.setQueryData(gameListQuery(homeRowList('RNG', 'V1', 'EN')).queryKey, {
      content: games,
      pageNum: 1,
      pageSize: 24,
      totalElements: 130,
      totalPages: 6,
    });
    renderInLobby(<GameListPage />, { path: '/rng', search: '?vassalage=V1', queryClient });
    const list = screen.getByTestId('game-list');
    expect(within(list).getAllByTestId('game-tile')).toHaveLength(GAME_PAGE_SIZE);
    expect(screen.getByText('130 games')).toBeTruthy();
    const asked = await vi.waitFor(() => {
      const call = api.callsTo('GET', GamePaths.gameList)[0];
      if (!call) throw new Error('not asked yet');
      return call.query;
    });
    expect([asked.get('vassalage'), asked.get('pageNo'), asked.get('pageSize')]).toEqual(['V1', '1', '20']);
  });

  it('when nothing is at hand for the vendor, then the list waits for its call, saying it is loading rather than "0 games"', () => {
    slowListApi();
    renderInLobby(<GameListPage />, { path: '/rng', search: '?vassalage=V1' });
    expect(screen.getByRole('status').textContent).toBe('Loading the games…');
    expect(screen.queryByTestId('game-list')).toBeNull();
    expect(screen.queryByText('0 games')).toBeNull();
  });

  it('when a vendor has games that cannot be launched, then home holds only its launchable ones and the list waits for its own call', () => {
    slowListApi();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const mixed = { ...vendorFixture('V1'), gameCount: 30, launchableCount: 2 };
    queryClient.setQueryData(gameVendorsQuery.queryKey, [{ gameType: 'RNG', vendors: [mixed] }]);
    queryClient.setQueryData(
      gameListQuery(homeRowList('RNG', 'V1', 'EN')).queryKey,
      pageOf([gameFixture(1)]),
    );
    renderInLobby(<GameListPage />, { path: '/rng', search: '?vassalage=V1', queryClient });
    expect(screen.getByRole('status').textContent).toBe('Loading the games…');
    expect(screen.queryAllByTestId('game-tile')).toHaveLength(0);
  });

  it('when the URL names a page and a sort, then that page is asked in that order; another sort starts at page 1, and a numbered page goes into the URL', async () => {
    const api = fakeApi({
      [`GET ${GamePaths.vendors}`]: () =>
        okAnswer([
          { gameType: 'RNG', vendors: [vendorFixture('V1'), { ...vendorFixture('V2'), gameCount: 7 }] },
        ]),
      [`GET ${GamePaths.gameList}`]: (call) =>
        okAnswer({
          content: [gameFixture(Number(call.query.get('pageNo')))],
          pageNum: Number(call.query.get('pageNo')),
          pageSize: 20,
          totalElements: 200,
          totalPages: 10,
        }),
      [`GET ${GamePaths.favouriteIds}`]: () => okAnswer({ nodeIds: [] }),
    });
    const { router } = renderInLobby(<GameListPage />, { path: '/rng', search: '?page=3&sort=NAME' });
    const asked = () =>
      api
        .callsTo('GET', GamePaths.gameList)
        .map((call) => [call.query.get('pageNo'), call.query.get('sort')]);
    await waitFor(() => expect(asked()).toEqual([['3', 'NAME']]));
    const chips = await screen.findByTestId('vendor-chips');
    expect(within(chips).getByRole('tab', { name: 'All 17' })).toBeTruthy();
    expect(within(chips).getByRole('tab', { name: 'V2 Gaming 7' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Newest' }));
    await waitFor(() => expect(asked().at(-1)).toEqual(['1', 'NEW']));
    expect(router.state.location.search).toBe('?sort=NEW');

    fireEvent.click(await screen.findByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(asked().at(-1)).toEqual(['2', 'NEW']));
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2');
    // The pager's range and margin: 1, 2, 3, 4, 5 … 10.
    const pager = screen.getByTestId('game-pager');
    expect(
      within(pager)
        .getAllByRole('button', { name: /^Page/ })
        .map((button) => button.textContent),
    ).toEqual(['1', '2', '3', '4', '5', '10']);
  });

  it('when a name is typed, then once typing pauses the search goes into the URL and the list asks for it from page 1', async () => {
    const api = fakeApi({
      [`GET ${GamePaths.vendors}`]: () => okAnswer([{ gameType: 'RNG', vendors: [vendorFixture('V1')] }]),
      [`GET ${GamePaths.gameList}`]: () => okAnswer(pageOf([gameFixture(1)])),
      [`GET ${GamePaths.favouriteIds}`]: () => okAnswer({ nodeIds: [] }),
    });
    const { router } = renderInLobby(<GameListPage />, { path: '/rng', search: '?page=2' });
    fireEvent.change(screen.getByTestId('game-search'), { target: { value: 'Neon Fruits' } });
    await waitFor(() => expect(router.state.location.search).toBe('?search=Neon+Fruits'));
    await waitFor(() =>
      expect(api.callsTo('GET', GamePaths.gameList).at(-1)?.query.get('search')).toBe('Neon Fruits'),
    );
  });
});
