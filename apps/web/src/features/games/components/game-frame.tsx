import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UiIcon } from '../../../shared/art/ui-icon.tsx';
import { useGameFrame } from './game-frame-store.ts';
import { GameGrid } from './game-grid.tsx';
import './game-frame.css';

/**
 * The game popup frame: the launched game in an iframe over the lobby, with a way to open it on
 * its own page (/seamless); or, when the vendor is in maintenance, popular games to play instead.
 */
export function GameFrame() {
  const { t } = useTranslation();
  const { open, alternatives, close } = useGameFrame();
  useEffect(() => {
    if (!open && !alternatives) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open, alternatives, close]);
  if (!open && !alternatives) return null;
  return (
    <div
      className="game-frame"
      role="dialog"
      aria-modal="true"
      aria-label={open?.title ?? alternatives?.title}
    >
      <div className="game-frame__bar">
        <strong className="game-frame__title">
          {open?.title ?? alternatives?.title}
          {open?.demo ? <span className="game-frame__demo">{t('games.demo')}</span> : null}
        </strong>
        {open ? (
          <Link
            className="game-frame__full"
            to={`/seamless?nodeId=${open.nodeId}${open.demo ? '&demo=1' : ''}`}
            onClick={close}
          >
            {t('games.fullPage')}
          </Link>
        ) : null}
        <button
          type="button"
          className="icon-button"
          aria-label={t('games.close')}
          onClick={close}
          data-testid="game-frame-close"
        >
          <UiIcon name="close" />
        </button>
      </div>
      {open ? (
        <iframe
          className="game-frame__iframe"
          src={open.url}
          title={open.title}
          allow="autoplay; fullscreen"
          data-testid="game-iframe"
        />
      ) : (
        <div className="game-frame__alternatives" data-testid="game-alternatives">
          <p>{t('games.maintenanceText')}</p>
          <GameGrid games={alternatives?.games ?? []} />
        </div>
      )}
    </div>
  );
}
