import { GamePaths } from '@fortuna/contracts/games';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { fakeApi, okAnswer } from '../../../test/fake-api.ts';
import { gameFixture } from '../../../test/games.test-fixtures.ts';
import { renderInLobby } from '../../../test/render-in-lobby.tsx';
import { GameCarousel } from './game-carousel.tsx';

describe('game carousel (spec 9)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('when a carousel has several slides, then only the shown one can be reached (read or tabbed to), and Next moves on', () => {
    fakeApi({ [`GET ${GamePaths.favouriteIds}`]: () => okAnswer({ nodeIds: [] }) });
    const games = Array.from({ length: 14 }, (_, index) => gameFixture(index + 1));
    renderInLobby(<GameCarousel games={games} label="Slots" />);
    const slides = () => [...document.querySelectorAll('.game-carousel__slide')];
    expect(slides().map((slide) => slide.hasAttribute('inert'))).toEqual([false, true]);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(slides().map((slide) => slide.hasAttribute('inert'))).toEqual([true, false]);
  });

  it('when a carousel opens, then only the shown slide holds tiles; Next or a sideways scroll on a phone draws the others', () => {
    fakeApi({ [`GET ${GamePaths.favouriteIds}`]: () => okAnswer({ nodeIds: [] }) });
    const games = Array.from({ length: 30 }, (_, index) => gameFixture(index + 1));
    renderInLobby(<GameCarousel games={games} label="Slots" />);
    const tilesPerSlide = () =>
      [...document.querySelectorAll('.game-carousel__slide')].map(
        (slide) => slide.querySelectorAll('[data-testid="game-tile"]').length,
      );
    expect(tilesPerSlide()).toEqual([12, 0, 0]);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(tilesPerSlide()).toEqual([12, 12, 0]);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(tilesPerSlide()).toEqual([12, 12, 0]);
    fireEvent.scroll(document.querySelector('.game-carousel__viewport') as Element);
    expect(tilesPerSlide()).toEqual([12, 12, 6]);
  });
});
