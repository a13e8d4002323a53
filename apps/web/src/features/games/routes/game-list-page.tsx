import { GAME_PAGE_SIZE, GAME_SELECTIONS, type GameSelection } from '@fortuna/contracts/games';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { useGameVendors } from '../../../shared/api/game-vendors.ts';
import { CategoryIcon } from '../../../shared/art/category-icon.tsx';
import { UiIcon } from '../../../shared/art/ui-icon.tsx';
import { CATEGORY_PAGES, LIST_PAGES } from '../../../shared/navigation/category-paths.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { usePopups } from '../../../shared/state/popups.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { PageTitle } from '../../../shared/ui/page-title.tsx';
import { Pager } from '../../../shared/ui/pager.tsx';
import { useGameList } from '../api/games.ts';
import { GameGrid } from '../components/game-grid.tsx';
import { homeRowFirstPage } from '../components/home-row-lists.ts';
import '../components/home-game-rows.css';
import './game-list-page.css';

const SEARCH_DELAY_MS = 300;

/**
 * A game list (spec 2.1: /live, /fish, /rng with ?vassalage, /pvp, /bgs, and the game centres):
 * vendor tabs, the selections NEW, FAV, ALL, HOT, RECENT, for slots the minimum-bet and lines
 * filters, search by name, 20 a page.
 */
export function GameListPage() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const config = LIST_PAGES[pathname] ?? LIST_PAGES['/rng'];
  const isLogin = useSession((state) => state.isLogin);
  const showPopup = usePopups((state) => state.show);
  const vassalage = params.get('vassalage') ?? undefined;
  const selection = (params.get('selection') as GameSelection | null) ?? 'ALL';
  const [typed, setTyped] = useState(params.get('search') ?? '');
  const [search, setSearch] = useState(typed);
  const [minBetOne, setMinBetOne] = useState(false);
  const [lines25, setLines25] = useState(false);
  const [pageNo, setPageNo] = useState(1);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  // A new filter starts again at its first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters are the trigger
  useEffect(() => setPageNo(1), [vassalage, selection, search, minBetOne, lines25, pathname]);

  const needsLogin = (selection === 'FAV' || selection === 'RECENT') && !isLogin;
  // A vendor picked from the navigation drop-down: its first games may be at hand from home.
  const queryClient = useQueryClient();
  const unfiltered = selection === 'ALL' && !search && !minBetOne && !lines25 && pageNo === 1;
  const preview =
    unfiltered && vassalage && config?.gameType
      ? homeRowFirstPage(queryClient, config.gameType, vassalage, i18n.language, GAME_PAGE_SIZE)
      : undefined;
  const games = useGameList(
    {
      gameType: config?.gameType,
      group: config?.group,
      vassalage,
      selection,
      minBetOne,
      lines25,
      search,
      pageNo,
      language: i18n.language,
    },
    !needsLogin,
    preview,
  );
  const vendors = useGameVendors();
  const category = config?.gameType;
  const vendorTabs = category
    ? (vendors.data?.find((entry) => entry.gameType === category)?.vendors ?? [])
    : [];
  const page = category ? CATEGORY_PAGES[category] : null;
  const title = t(`pages.${pathname.slice(1)}`);

  const setParam = (name: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };

  return (
    <div className="game-list-page">
      <PageTitle icon={<CategoryIcon name={page?.icon ?? 'PVP'} size={32} />}>{title}</PageTitle>
      {vendorTabs.length > 1 ? (
        <div className="vendor-tabs" role="tablist" aria-label={t('games.vendors')}>
          <button
            type="button"
            role="tab"
            aria-selected={!vassalage}
            className="vendor-tabs__tab"
            onClick={() => setParam('vassalage', undefined)}
          >
            {t('games.allVendors')}
          </button>
          {vendorTabs.map((vendor) => (
            <button
              key={vendor.code}
              type="button"
              role="tab"
              aria-selected={vassalage === vendor.code}
              className="vendor-tabs__tab"
              onClick={() => setParam('vassalage', vendor.code)}
            >
              {vendor.name}
              {vendor.status === 'MAINTENANCE' ? ` · ${t('games.maintenance')}` : ''}
            </button>
          ))}
        </div>
      ) : null}
      <div className="game-filters">
        <fieldset className="game-filters__selections" aria-label={t('games.selection')}>
          {GAME_SELECTIONS.map((value) => (
            <button
              key={value}
              type="button"
              className="game-filters__chip"
              aria-pressed={selection === value}
              onClick={() => setParam('selection', value === 'ALL' ? undefined : value)}
            >
              {t(`games.selections.${value}`)}
            </button>
          ))}
        </fieldset>
        {config?.filters ? (
          <div className="game-filters__checks">
            <label>
              <input
                type="checkbox"
                checked={minBetOne}
                onChange={(event) => setMinBetOne(event.target.checked)}
              />
              {t('games.minBetOne')}
            </label>
            <label>
              <input
                type="checkbox"
                checked={lines25}
                onChange={(event) => setLines25(event.target.checked)}
              />
              {t('games.lines25')}
            </label>
          </div>
        ) : null}
        <label className="game-filters__search">
          <UiIcon name="search" size={18} />
          <input
            type="search"
            value={typed}
            maxLength={40}
            placeholder={t('games.searchPlaceholder')}
            aria-label={t('games.search')}
            data-testid="game-search"
            onChange={(event) => setTyped(event.target.value)}
          />
        </label>
      </div>
      {needsLogin ? (
        <EmptyState
          title={t('games.loginToSee')}
          text={t('games.loginToSeeText')}
          action={
            <button type="button" className="button button--gold" onClick={() => showPopup('login')}>
              {t('header.login')}
            </button>
          }
        />
      ) : games.data && games.data.totalElements === 0 ? (
        <EmptyState title={t('games.noGames')} text={t('games.noGamesText')} />
      ) : (
        <>
          <p className="game-list-page__count">
            {t('games.count', { count: games.data?.totalElements ?? 0 })}
          </p>
          <GameGrid games={games.data?.content ?? []} testId="game-list" />
          {games.data && games.data.totalPages > 1 ? (
            <Pager
              page={pageNo}
              pageSize={games.data.pageSize}
              total={games.data.totalElements}
              onPage={setPageNo}
              testId="game-pager"
            />
          ) : null}
        </>
      )}
    </div>
  );
}
