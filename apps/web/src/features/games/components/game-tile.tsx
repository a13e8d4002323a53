import type { GameItem } from '@fortuna/contracts/games';
import { useTranslation } from 'react-i18next';
import { useSiteInfo } from '../../../shared/api/site.ts';
import { assetUrl, pickImageHost } from '../api/asset-host.ts';
import { LazyGameImage } from './lazy-game-image.tsx';
import type { useGameActions } from './use-game-actions.ts';
import './game-tile.css';

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path
        d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.6 4.5c2.1 0 3.6 1.2 4.4 2.6.8-1.4 2.3-2.6 4.4-2.6 3.6 0 5.7 3.9 4.2 7.3C19.5 16.4 12 21 12 21z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
      />
    </svg>
  );
}

/**
 * Spec 2.5: the game tile — image, title, vendor, favourite toggle, and play only for a game that
 * can be launched today: a game of a vendor in maintenance says so, one of a vendor not connected
 * yet is shown as coming soon (no play, no hot or new badge: the lobby advertises only what works).
 * The corners of the art each hold one thing (badges top left, heart top right, play or the state
 * band at the bottom) so that on a phone's narrow tile nothing lies over anything else.
 */
export function GameTile({
  game,
  favourite,
  actions,
}: {
  game: GameItem;
  favourite: boolean;
  actions: ReturnType<typeof useGameActions>;
}) {
  const { t } = useTranslation();
  const host = pickImageHost(useSiteInfo().imageCDNs);
  return (
    <article
      className={`game-tile${game.launchable ? '' : ' game-tile--unavailable'}`}
      data-testid="game-tile"
      data-node-id={game.nodeId}
      data-launchable={game.launchable}
    >
      <div className="game-tile__art">
        <LazyGameImage src={assetUrl(host, game.iconUrl)} alt={game.displayName} />
        <div className="game-tile__badges">
          {game.launchable && game.isHot === 1 ? (
            <span className="game-tile__badge game-tile__badge--hot">{t('games.hot')}</span>
          ) : null}
          {game.launchable && game.isNew ? (
            <span className="game-tile__badge game-tile__badge--new">{t('games.new')}</span>
          ) : null}
        </div>
        <button
          type="button"
          className={`game-tile__favourite${favourite ? ' game-tile__favourite--on' : ''}`}
          aria-pressed={favourite}
          aria-label={
            favourite
              ? t('games.unfavourite', { name: game.displayName })
              : t('games.favourite', { name: game.displayName })
          }
          data-testid="game-favourite"
          onClick={() => actions.toggleFavourite(game, favourite)}
        >
          <Heart filled={favourite} />
        </button>
        {game.launchable ? (
          <div className="game-tile__overlay">
            <button
              type="button"
              className="button button--gold game-tile__play"
              data-testid="game-play"
              onClick={() => actions.play(game)}
            >
              {t('games.play')}
            </button>
            {game.isGame ? (
              <button type="button" className="game-tile__try" onClick={() => actions.tryFree(game)}>
                {t('games.tryFree')}
              </button>
            ) : null}
          </div>
        ) : null}
        {game.maintenance ? (
          <p className="game-tile__state game-tile__state--maintenance" data-testid="game-maintenance">
            {t('games.maintenance')}
          </p>
        ) : !game.launchable ? (
          <p className="game-tile__state" data-testid="game-coming-soon">
            {t('games.comingSoon')}
          </p>
        ) : null}
      </div>
      <h3 className="game-tile__title" title={game.displayName}>
        {game.displayName}
      </h3>
      <p className="game-tile__vendor">{game.vendorName}</p>
    </article>
  );
}
