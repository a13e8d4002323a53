import type { GameItem } from '@fortuna/contracts/games';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFavouriteIds } from '../api/games.ts';
import { GameTile } from './game-tile.tsx';
import { useGameActions } from './use-game-actions.ts';
import './game-carousel.css';

/** Spec 9: six tiles per view and two rows per slide. */
export const TILES_PER_ROW = 6;
export const ROWS_PER_SLIDE = 2;

export function GameCarousel({
  games,
  label,
  rows = ROWS_PER_SLIDE,
}: {
  games: GameItem[];
  label: string;
  rows?: number;
}) {
  const { t } = useTranslation();
  const favourites = useFavouriteIds();
  const actions = useGameActions();
  const perSlide = TILES_PER_ROW * rows;
  const slides = Math.max(1, Math.ceil(games.length / perSlide));
  const [slide, setSlide] = useState(0);
  const current = Math.min(slide, slides - 1);
  // Slides not yet shown are empty boxes of the slide's width: a row's first render draws only
  // what is on screen. A slide once shown keeps its tiles, so sliding back shows them at once.
  // On a phone the slides scroll sideways (no arrows): the first scroll draws them all.
  const [reached, setReached] = useState(0);
  if (current > reached) setReached(current);
  return (
    <section className="game-carousel" aria-roledescription="carousel" aria-label={label}>
      <div className="game-carousel__viewport" onScroll={() => setReached(slides - 1)}>
        <div className="game-carousel__track" style={{ transform: `translateX(-${current * 100}%)` }}>
          {Array.from({ length: slides }, (_, index) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: a slide is its position
              key={index}
              className="game-carousel__slide"
              // Off-screen slides are out of reach: not read, not focused with Tab.
              inert={index !== current}
              style={{ gridTemplateRows: `repeat(${rows}, auto)` }}
            >
              {index > Math.max(current, reached)
                ? null
                : games
                    .slice(index * perSlide, (index + 1) * perSlide)
                    .map((game) => (
                      <GameTile
                        key={game.nodeId}
                        game={game}
                        favourite={favourites.has(game.nodeId)}
                        actions={actions}
                      />
                    ))}
            </div>
          ))}
        </div>
      </div>
      {slides > 1 ? (
        <div className="game-carousel__controls">
          <button
            type="button"
            className="game-carousel__arrow"
            aria-label={t('games.previous')}
            disabled={current === 0}
            onClick={() => setSlide(current - 1)}
          >
            ‹
          </button>
          <span className="game-carousel__count">
            {current + 1} / {slides}
          </span>
          <button
            type="button"
            className="game-carousel__arrow"
            aria-label={t('games.next')}
            disabled={current === slides - 1}
            onClick={() => setSlide(current + 1)}
          >
            ›
          </button>
        </div>
      ) : null}
    </section>
  );
}
