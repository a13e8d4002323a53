import type { GameCategory, LobbyVendor } from '@fortuna/contracts/games';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CategoryIcon } from '../../../shared/art/category-icon.tsx';
import { useSeen } from '../../../shared/browser/use-seen.ts';
import { CATEGORY_PAGES, HOME_ROW_VENDOR_CAP } from '../../../shared/navigation/category-paths.ts';
import { useGameList } from '../api/games.ts';
import { GameCarousel } from './game-carousel.tsx';
import { homeRowList, homeRowRows } from './home-row-lists.ts';

/** How far below the screen a row starts loading its games, so they are there when scrolled to. */
const LOAD_AHEAD = '400px';

/**
 * A home row of one category: its vendors (at most 12) as tabs over a carousel of their games.
 * Its games are asked for (and drawn) once the row comes near the screen: home opens with only
 * what is in view to build. The placeholder holds the carousel's height until then.
 */
export function HomeGameRow({ gameType, vendors }: { gameType: GameCategory; vendors: LobbyVendor[] }) {
  const { t, i18n } = useTranslation();
  const shown = vendors.slice(0, HOME_ROW_VENDOR_CAP);
  const [vendor, setVendor] = useState<string | undefined>(undefined);
  const page = CATEGORY_PAGES[gameType];
  const rows = homeRowRows(gameType);
  const section = useRef<HTMLElement>(null);
  const near = useSeen(section, { rootMargin: LOAD_AHEAD });
  const games = useGameList(homeRowList(gameType, vendor, i18n.language), near);
  const title = t(page.labelKey);
  return (
    <section
      ref={section}
      className="home-row"
      data-testid={`home-row-${gameType}`}
      aria-labelledby={`home-row-${gameType}`}
    >
      <header className="home-row__head">
        <h2 id={`home-row-${gameType}`} className="home-row__title">
          <CategoryIcon name={page.icon} size={26} />
          {title}
        </h2>
        <Link className="home-row__more" to={page.path}>
          {t('games.seeAll')}
        </Link>
      </header>
      {shown.length > 1 ? (
        <div className="vendor-tabs" role="tablist" aria-label={t('games.vendors')}>
          <button
            type="button"
            role="tab"
            aria-selected={vendor === undefined}
            className="vendor-tabs__tab"
            onClick={() => setVendor(undefined)}
          >
            {t('games.allVendors')}
          </button>
          {shown.map((entry) => (
            <button
              key={entry.code}
              type="button"
              role="tab"
              aria-selected={vendor === entry.code}
              className="vendor-tabs__tab"
              onClick={() => setVendor(entry.code)}
            >
              {entry.name}
            </button>
          ))}
        </div>
      ) : null}
      <div className="home-row__body">
        {games.data ? (
          <GameCarousel games={games.data.content} label={title} rows={rows} />
        ) : (
          <div className="home-row__placeholder" />
        )}
      </div>
    </section>
  );
}
