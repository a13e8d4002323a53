import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { LazyGameImage } from './lazy-game-image.tsx';

/** An observer the test drives: it records its options and reports what the test says is in view. */
function stubObserver() {
  const observers: { options?: IntersectionObserverInit; report: (visible: boolean) => void }[] = [];
  class FakeObserver {
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      observers.push({
        options,
        report: (visible) =>
          callback([{ isIntersecting: visible } as IntersectionObserverEntry], this as never),
      });
    }
    observe() {}
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return observers;
}

afterEach(() => vi.unstubAllGlobals());

it('when the tile is not in view, then nothing loads; once a tenth of it is, the image loads', () => {
  const observers = stubObserver();
  render(<LazyGameImage src="/wps/games/art/7.svg" alt="Lucky Koi" />);
  expect(screen.queryByRole('img')).toBeNull();
  expect(observers[0]?.options?.threshold).toBe(0.1);
  act(() => observers[0]?.report(true));
  expect(screen.getByRole('img').getAttribute('src')).toBe('/wps/games/art/7.svg');
});

it('when the image fails, then it is tried once more, and after a second failure the name shows instead', () => {
  const observers = stubObserver();
  render(<LazyGameImage src="/wps/games/art/7.svg" alt="Lucky Koi" />);
  act(() => observers[0]?.report(true));
  fireEvent.error(screen.getByRole('img'));
  const retry = screen.getByRole('img');
  expect(retry.getAttribute('src')).toBe('/wps/games/art/7.svg?retry=1');
  fireEvent.error(retry);
  expect(screen.queryByRole('img')).toBeNull();
  expect(screen.getByText('Lucky Koi')).toBeTruthy();
});
