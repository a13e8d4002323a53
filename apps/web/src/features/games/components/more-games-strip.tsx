import type { GameCategory } from '@fortuna/contracts/games';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSeen } from '../../../shared/browser/use-seen.ts';
import { useGameList } from '../api/games.ts';
import { GameCarousel, TILES_PER_ROW } from './game-carousel.tsx';

const LOAD_AHEAD = '400px';

/** The launchable games of the categories too thin for a row of their own, most played first. */
export function MoreGamesStrip({ categories }: { categories: GameCategory[] }) {
  const { t, i18n } = useTranslation();
  const section = useRef<HTMLElement>(null);
  const near = useSeen(section, { rootMargin: LOAD_AHEAD });
  // Each thin category has at most two launchable games: one page of the launchable list holds them.
  const games = useGameList(
    { launchable: true, sort: 'POPULAR', pageSize: TILES_PER_ROW * 4, language: i18n.language },
    near,
  );
  const shown = games.data?.content.filter((game) => categories.includes(game.gameType));
  const title = t('games.moreGames');
  return (
    <section ref={section} className="home-row" data-testid="home-row-MORE" aria-labelledby="home-row-more">
      <header className="home-row__head">
        <h2 id="home-row-more" className="home-row__title">
          {title}
        </h2>
      </header>
      <div className="home-row__body">
        {shown ? (
          <GameCarousel games={shown} label={title} rows={1} />
        ) : (
          <div className="home-row__placeholder" />
        )}
      </div>
    </section>
  );
}
