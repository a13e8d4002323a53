import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CategoryIcon } from '../../../shared/art/category-icon.tsx';
import { useSession } from '../../../shared/session/session-store.ts';
import { usePopups } from '../../../shared/state/popups.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { PageTitle } from '../../../shared/ui/page-title.tsx';
import { useFavouriteList, useRecentGames } from '../api/games.ts';
import { GameGrid } from '../components/game-grid.tsx';
import './game-list-page.css';

function Games({ kind }: { kind: 'favorite' | 'recent' }) {
  const { t, i18n } = useTranslation();
  const favourites = useFavouriteList(i18n.language);
  const recent = useRecentGames(i18n.language);
  const games = kind === 'favorite' ? favourites.data?.content : recent.data;
  if (games && games.length === 0) {
    return (
      <EmptyState
        title={t('empty.title')}
        text={t(`empty.${kind}`)}
        action={
          <Link className="button button--gold" to="/rng">
            {t('games.browse')}
          </Link>
        }
      />
    );
  }
  return <GameGrid games={games ?? []} testId={`${kind}-games`} />;
}

/** /favorite and /recent (spec 2.1): the member's own games. */
export function MyGamesPage({ kind }: { kind: 'favorite' | 'recent' }) {
  const { t } = useTranslation();
  const isLogin = useSession((state) => state.isLogin);
  const showPopup = usePopups((state) => state.show);
  return (
    <div className="game-list-page">
      <PageTitle icon={<CategoryIcon name={kind === 'favorite' ? 'FAVORITE' : 'RECENT'} size={32} />}>
        {t(`pages.${kind}`)}
      </PageTitle>
      {isLogin ? (
        <Games kind={kind} />
      ) : (
        <EmptyState
          title={t('games.loginToSee')}
          text={t('games.loginToSeeText')}
          action={
            <button type="button" className="button button--gold" onClick={() => showPopup('login')}>
              {t('header.login')}
            </button>
          }
        />
      )}
    </div>
  );
}
