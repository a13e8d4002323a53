import { GAME_PAGE_SIZE, GamePaths } from '@fortuna/contracts/games';
import { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { fakeApi, okAnswer } from '../../../test/fake-api.ts';
import { gameFixture, vendorFixture } from '../../../test/games.test-fixtures.ts';
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

  it('when nothing is at hand for the vendor, then the list waits for its call', () => {
    slowListApi();
    renderInLobby(<GameListPage />, { path: '/rng', search: '?vassalage=V1' });
    expect(within(screen.getByTestId('game-list')).queryAllByTestId('game-tile')).toHaveLength(0);
  });
});
