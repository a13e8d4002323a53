import { useTranslation } from 'react-i18next';
import { useHotGames } from '../api/games.ts';
import { GameCarousel } from './game-carousel.tsx';

/** The hot games row at the top of home: launchable games first (the server's order). */
export function HotGamesRow() {
  const { t, i18n } = useTranslation();
  const hot = useHotGames(i18n.language);
  // None can be launched today: no row rather than a row of coming-soon games.
  if (hot.data?.length === 0) return null;
  return (
    <section className="home-row" data-testid="home-row-HOT" aria-labelledby="home-row-hot">
      <header className="home-row__head">
        <h2 id="home-row-hot" className="home-row__title">
          <svg className="home-row__flame" viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
            <path
              d="M13 2s1 3-1 6c-1.5 2.2-4 3.6-4 7a5 5 0 0 0 10 0c0-2-1-3.5-2-4.5 0 2-1 3-2 3 1-3 0-8-1-11.5z"
              fill="url(#flame)"
            />
            <defs>
              <linearGradient id="flame" x1="0" y1="1" x2="0" y2="0">
                <stop offset="0" stopColor="#ff4d4d" />
                <stop offset="1" stopColor="#ffc94d" />
              </linearGradient>
            </defs>
          </svg>
          {t('games.hotGames')}
        </h2>
      </header>
      {hot.data ? (
        <GameCarousel games={hot.data} label={t('games.hotGames')} />
      ) : (
        <div className="home-row__placeholder" />
      )}
    </section>
  );
}
