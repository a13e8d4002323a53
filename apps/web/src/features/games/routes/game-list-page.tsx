import {
  GAME_MARGIN_PAGES,
  GAME_PAGE_RANGE,
  GAME_PAGE_SIZE,
  GAME_SELECTIONS,
  GAME_SORTS,
} from '@fortuna/contracts/games';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useGameVendors } from '../../../shared/api/game-vendors.ts';
import { CategoryIcon } from '../../../shared/art/category-icon.tsx';
import { UiIcon } from '../../../shared/art/ui-icon.tsx';
import { CATEGORY_PAGES, LIST_PAGES } from '../../../shared/navigation/category-paths.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { usePopups } from '../../../shared/state/popups.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { FullPageLoader } from '../../../shared/ui/loader.tsx';
import { NumberedPager } from '../../../shared/ui/numbered-pager.tsx';
import { PageTitle } from '../../../shared/ui/page-title.tsx';
import { useGameList } from '../api/games.ts';
import { ChipChoice } from '../components/chip-choice.tsx';
import { GameGrid } from '../components/game-grid.tsx';
import { homeRowFirstPage } from '../components/home-row-lists.ts';
import { VendorChips } from '../components/vendor-chips.tsx';
import { useWallParams } from './use-wall-params.ts';
import '../components/home-game-rows.css';
import './game-list-page.css';

const SEARCH_DELAY_MS = 300;

/**
 * A game list (spec 2.1: /live, /fish, /rng with ?vassalage, /pvp, /bgs, and the game centres):
 * vendor chips with their counts, the selections NEW, FAV, ALL, HOT, RECENT, the sorts, for slots
 * the minimum-bet and lines filters, search by name, 20 a page with numbered pages. All of it is
 * in the URL (use-wall-params.ts), so back returns to the page left.
 */
export function GameListPage() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const wall = useWallParams();
  const { vassalage, selection, sort, search, minBetOne, lines25, pageNo } = wall;
  const config = LIST_PAGES[pathname] ?? LIST_PAGES['/rng'];
  const isLogin = useSession((state) => state.isLogin);
  const showPopup = usePopups((state) => state.show);
  const [typed, setTyped] = useState(search);
  const top = useRef<HTMLDivElement>(null);

  // What is typed reaches the URL (and the list) once typing pauses.
  const { filter } = wall;
  useEffect(() => {
    if (typed.trim() === search) return;
    const timer = setTimeout(() => filter({ search: typed.trim() || undefined }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, search, filter]);

  const needsLogin = (selection === 'FAV' || selection === 'RECENT') && !isLogin;
  // A vendor picked from the navigation drop-down: its first games may be at hand from home.
  const queryClient = useQueryClient();
  const vendors = useGameVendors();
  const category = config?.gameType;
  const vendorTabs = category
    ? (vendors.data?.find((entry) => entry.gameType === category)?.vendors ?? [])
    : [];
  const unfiltered =
    selection === 'ALL' && sort === 'POPULAR' && !search && !minBetOne && !lines25 && pageNo === 1;
  const chosen = vendorTabs.find((vendor) => vendor.code === vassalage);
  const preview =
    unfiltered && category
      ? homeRowFirstPage(queryClient, category, chosen, i18n.language, GAME_PAGE_SIZE)
      : undefined;
  const games = useGameList(
    {
      gameType: config?.gameType,
      group: config?.group,
      vassalage,
      selection,
      sort,
      minBetOne,
      lines25,
      search: search || undefined,
      pageNo,
      pageSize: GAME_PAGE_SIZE,
      language: i18n.language,
    },
    !needsLogin,
    preview,
  );
  // A page past the last (an old link, a list that shrank) shows the last one instead.
  const totalPages = games.data?.totalPages ?? 0;
  const { goToPage } = wall;
  useEffect(() => {
    if (!games.isPlaceholderData && totalPages > 0 && pageNo > totalPages) goToPage(totalPages, true);
  }, [games.isPlaceholderData, totalPages, pageNo, goToPage]);

  const page = category ? CATEGORY_PAGES[category] : null;
  const title = t(`pages.${pathname.slice(1)}`);

  return (
    <div className="game-list-page" ref={top}>
      <PageTitle icon={<CategoryIcon name={page?.icon ?? 'PVP'} size={32} />}>{title}</PageTitle>
      {vendorTabs.length > 1 ? (
        <VendorChips
          vendors={vendorTabs}
          selected={vassalage}
          onSelect={(code) => filter({ vassalage: code })}
        />
      ) : null}
      <div className="game-filters">
        <ChipChoice
          values={GAME_SELECTIONS}
          chosen={selection}
          fallback="ALL"
          labelOf={(value) => t(`games.selections.${value}`)}
          onChoose={(value) => filter({ selection: value })}
          label={t('games.selection')}
        />
        <ChipChoice
          values={GAME_SORTS}
          chosen={sort}
          fallback="POPULAR"
          labelOf={(value) => t(`games.sorts.${value}`)}
          onChoose={(value) => filter({ sort: value })}
          legend={t('games.sort')}
          className="game-filters__sorts"
        />
        {config?.filters ? (
          <div className="game-filters__checks">
            <label>
              <input
                type="checkbox"
                checked={minBetOne}
                onChange={(event) => filter({ minBet: event.target.checked ? '1' : undefined })}
              />
              {t('games.minBetOne')}
            </label>
            <label>
              <input
                type="checkbox"
                checked={lines25}
                onChange={(event) => filter({ lines25: event.target.checked ? '1' : undefined })}
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
      ) : !games.data && games.isError ? (
        <EmptyState
          title={t('games.loadFailed')}
          text={t('games.loadFailedText')}
          action={
            <button type="button" className="button button--gold" onClick={() => void games.refetch()}>
              {t('games.retry')}
            </button>
          }
        />
      ) : !games.data ? (
        // Loading, not "0 games": nothing is known of the list until its first answer.
        <FullPageLoader inline label={t('games.loading')} />
      ) : games.data.totalElements === 0 ? (
        <EmptyState title={t('games.noGames')} text={t('games.noGamesText')} />
      ) : (
        <>
          <p className="game-list-page__count">{t('games.count', { count: games.data.totalElements })}</p>
          <GameGrid games={games.data.content} testId="game-list" />
          <NumberedPager
            page={pageNo}
            totalPages={totalPages}
            range={GAME_PAGE_RANGE}
            margin={GAME_MARGIN_PAGES}
            onPage={(next) => {
              goToPage(next);
              top.current?.scrollIntoView({ block: 'start' });
            }}
            testId="game-pager"
          />
        </>
      )}
    </div>
  );
}
