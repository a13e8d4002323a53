import { GamePaths } from '@fortuna/contracts/games';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { usePopups } from '../../../shared/state/popups.ts';
import { DialogHost } from '../../../shared/ui/dialog/dialog-host.tsx';
import { useDialogs } from '../../../shared/ui/dialog/dialog-store.ts';
import { fakeApi, okAnswer } from '../../../test/fake-api.ts';
import { gameFixture, pageOf, vendorFixture } from '../../../test/games.test-fixtures.ts';
import { logInAs, memberFixture } from '../../../test/member-fixture.ts';
import { renderInLobby } from '../../../test/render-in-lobby.tsx';
import { HomeGameRows } from './home-game-rows.tsx';

const slotVendors = Array.from({ length: 14 }, (_, index) => vendorFixture(`V${index + 1}`));

function lobbyApi() {
  return fakeApi({
    [`GET ${GamePaths.vendors}`]: () =>
      okAnswer([
        { gameType: 'RNG', vendors: slotVendors },
        { gameType: 'COCKFIGHT', vendors: [vendorFixture('DS88')] },
      ]),
    [`GET ${GamePaths.hotGames}`]: () => okAnswer([gameFixture(1, { isHot: 1 })]),
    [`GET ${GamePaths.winners}`]: () => okAnswer([]),
    [`GET ${GamePaths.gameList}`]: (call) =>
      okAnswer(pageOf([gameFixture(call.query.get('gameType') === 'RNG' ? 2 : 3)])),
    [`GET ${GamePaths.favouriteIds}`]: () => okAnswer({ nodeIds: [] }),
    [`POST ${GamePaths.favourite}`]: () => okAnswer({ nodeId: '1', favourite: true }),
  });
}

/** Every category home preloads from, with more vendors than it preloads; each vendor's games named after it. */
function preloadApi() {
  const few = (prefix: string) =>
    Array.from({ length: 3 }, (_, index) => vendorFixture(`${prefix}${index + 1}`));
  return fakeApi({
    [`GET ${GamePaths.vendors}`]: () =>
      okAnswer([
        { gameType: 'RNG', vendors: slotVendors },
        { gameType: 'LIVE', vendors: few('L') },
        { gameType: 'FISH', vendors: few('F') },
        { gameType: 'PVP', vendors: few('P') },
      ]),
    [`GET ${GamePaths.hotGames}`]: () => okAnswer([]),
    [`GET ${GamePaths.winners}`]: () => okAnswer([]),
    [`GET ${GamePaths.gameList}`]: (call) => {
      const vendor = call.query.get('vassalage') ?? 'ALL';
      return okAnswer(pageOf([gameFixture(7, { displayName: `${vendor} game` })]));
    },
    [`GET ${GamePaths.favouriteIds}`]: () => okAnswer({ nodeIds: [] }),
  });
}

describe('home game rows (spec 2.1, 9)', () => {
  afterEach(() => {
    act(() => {
      useSession.getState().endSession();
      usePopups.getState().close();
      useDialogs.setState({ dialogs: [] });
    });
    vi.unstubAllGlobals();
  });

  it('when the vendors call reports categories, then hot games and a row per reported category show, vendors capped at 12', async () => {
    lobbyApi();
    renderInLobby(<HomeGameRows />);
    expect(await screen.findByTestId('home-row-HOT')).toBeTruthy();
    const slots = await screen.findByTestId('home-row-RNG');
    expect(await screen.findByTestId('home-row-COCKFIGHT')).toBeTruthy();
    expect(screen.queryByTestId('home-row-LIVE')).toBeNull();
    // 'All' and the first twelve vendors.
    expect(within(slots).getAllByRole('tab')).toHaveLength(13);
    expect(within(slots).queryByRole('tab', { name: 'V13 Gaming' })).toBeNull();
  });

  it('when home has rendered, then the games of the first 3 RNG, the first LIVE and the first FISH vendors are preloaded, and no others', async () => {
    const api = preloadApi();
    const { queryClient } = renderInLobby(<HomeGameRows />);
    const preloaded = () =>
      api
        .callsTo('GET', GamePaths.gameList)
        .map((call) => call.query.get('vassalage'))
        .filter((vendor) => vendor !== null)
        .sort();
    await waitFor(() => expect(preloaded()).toEqual(['F1', 'L1', 'V1', 'V2', 'V3']));
    const cachedVendors = queryClient
      .getQueryCache()
      .findAll({ queryKey: ['games', 'list'] })
      .map((query) => (query.queryKey[2] as { vassalage?: string }).vassalage)
      .filter((vendor) => vendor !== undefined)
      .sort();
    expect(cachedVendors).toEqual(['F1', 'L1', 'V1', 'V2', 'V3']);

    // A preloaded tab shows its games at once: nothing is asked again.
    const calls = api.callsTo('GET', GamePaths.gameList).length;
    const slots = await screen.findByTestId('home-row-RNG');
    fireEvent.click(within(slots).getByRole('tab', { name: 'V3 Gaming' }));
    expect(within(slots).getByText('V3 game')).toBeTruthy();
    const live = screen.getByTestId('home-row-LIVE');
    fireEvent.click(within(live).getByRole('tab', { name: 'L1 Gaming' }));
    expect(within(live).getByText('L1 game')).toBeTruthy();
    expect(api.callsTo('GET', GamePaths.gameList)).toHaveLength(calls);
  });

  it('when a row is still far below the screen, then its games are not asked for until it comes near', async () => {
    const observed = new Map<Element, IntersectionObserverCallback>();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly callback: IntersectionObserverCallback) {}
        observe(element: Element) {
          observed.set(element, this.callback);
        }
        disconnect() {}
      },
    );
    const api = lobbyApi();
    renderInLobby(<HomeGameRows />);
    const slots = await screen.findByTestId('home-row-RNG');
    const rowLists = () =>
      api.callsTo('GET', GamePaths.gameList).filter((call) => !call.query.has('vassalage'));
    await waitFor(() => expect(observed.has(slots)).toBe(true));
    expect(rowLists()).toHaveLength(0);
    act(() =>
      observed.get(slots)?.(
        [{ isIntersecting: true, target: slots } as unknown as IntersectionObserverEntry],
        {} as IntersectionObserver,
      ),
    );
    await waitFor(() => expect(rowLists().map((call) => call.query.get('gameType'))).toEqual(['RNG']));
    expect(await within(slots).findAllByTestId('game-tile')).toHaveLength(1);
  });

  it("when a visitor presses a tile's heart, then the login popup opens and nothing is sent", async () => {
    const api = lobbyApi();
    renderInLobby(<HomeGameRows />);
    const hot = await screen.findByTestId('home-row-HOT');
    fireEvent.click(await within(hot).findByTestId('game-favourite'));
    expect(usePopups.getState().open).toBe('login');
    expect(api.callsTo('POST', GamePaths.favourite)).toHaveLength(0);
  });

  it('when a trial account presses play, then the real-account notice shows and no launch is asked', async () => {
    const api = lobbyApi();
    logInAs(memberFixture({ isTrial: true }), { token: 'trial-token', loginType: 'freeplay' });
    renderInLobby(
      <>
        <HomeGameRows />
        <DialogHost />
      </>,
    );
    const hot = await screen.findByTestId('home-row-HOT');
    fireEvent.click(await within(hot).findByTestId('game-play'));
    expect(await screen.findByTestId('trial-notice')).toBeTruthy();
    expect(api.callsTo('POST', GamePaths.launch)).toHaveLength(0);
  });

  it('when a member presses a heart twice at once, then one favourite is sent (one toggle a second)', async () => {
    const api = lobbyApi();
    logInAs(memberFixture());
    renderInLobby(<HomeGameRows />);
    const hot = await screen.findByTestId('home-row-HOT');
    const heart = await within(hot).findByTestId('game-favourite');
    fireEvent.click(heart);
    fireEvent.click(heart);
    await waitFor(() => expect(api.callsTo('POST', GamePaths.favourite)).toHaveLength(1));
    expect(api.callsTo('POST', GamePaths.favourite)[0]?.body).toEqual({
      nodeId: 1,
      vendor: 'JDB',
      gameType: 'RNG',
    });
  });

  it('when some categories have no game that can be launched and some only one or two, then the first get no row and the others share one "more games" strip; no hot row when none can be launched', async () => {
    // Every row counts as near the screen.
    vi.stubGlobal('IntersectionObserver', undefined);
    const soon = (code: string) => ({ ...vendorFixture(code), launchableCount: 0 });
    const playable = (code: string, count: number) => ({ ...vendorFixture(code), launchableCount: count });
    const api = fakeApi({
      [`GET ${GamePaths.vendors}`]: () =>
        okAnswer([
          { gameType: 'RNG', vendors: [playable('HOUSE', 3), soon('V1')] },
          { gameType: 'LIVE', vendors: [soon('L1')] },
          { gameType: 'FISH', vendors: [playable('HOUSE', 1), soon('F1')] },
          { gameType: 'PVP', vendors: [playable('HOUSE', 2)] },
        ]),
      [`GET ${GamePaths.hotGames}`]: () => okAnswer([]),
      [`GET ${GamePaths.winners}`]: () => okAnswer([]),
      [`GET ${GamePaths.gameList}`]: () =>
        okAnswer(
          pageOf([
            gameFixture(1, { gameType: 'RNG' }),
            gameFixture(2, { gameType: 'FISH', displayName: 'House fish' }),
            gameFixture(3, { gameType: 'PVP', displayName: 'House crash' }),
          ]),
        ),
      [`GET ${GamePaths.favouriteIds}`]: () => okAnswer({ nodeIds: [] }),
    });
    renderInLobby(<HomeGameRows />);
    const slots = await screen.findByTestId('home-row-RNG');
    // One vendor can be launched: no tabs to choose among.
    expect(within(slots).queryAllByRole('tab')).toHaveLength(0);
    expect(screen.queryByTestId('home-row-LIVE')).toBeNull();
    expect(screen.queryByTestId('home-row-FISH')).toBeNull();
    expect(screen.queryByTestId('home-row-PVP')).toBeNull();
    const more = await screen.findByTestId('home-row-MORE');
    expect(within(more).getByRole('heading', { name: 'More games' })).toBeTruthy();
    await within(more).findByText('House fish');
    expect(within(more).getAllByTestId('game-tile')).toHaveLength(2);
    expect(
      api.callsTo('GET', GamePaths.gameList).every((call) => call.query.get('launchable') === 'true'),
    ).toBe(true);
    await waitFor(() => expect(api.callsTo('GET', GamePaths.hotGames)).toHaveLength(1));
    expect(screen.queryByTestId('home-row-HOT')).toBeNull();
  });
});
