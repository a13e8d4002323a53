import type { BannerItem } from '@fortuna/contracts/home-content';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { renderInLobby } from '../../../test/render-in-lobby.tsx';
import { BannerCarousel } from './banner-carousel.tsx';

const banner = (id: string, linked = true): BannerItem => ({
  id,
  group: 'w_home',
  imageUrl: `/banners/${id}.svg`,
  alt: `Art ${id}`,
  title: `Banner ${id}`,
  sequence: Number(id),
  linkageType: linked ? 'PAGE' : null,
  linkageTarget: linked ? '/promotions' : null,
});

describe('banner carousel (spec 2.5)', () => {
  afterEach(() => vi.useRealTimers());

  it('when there is one banner, then no loop copy, no dots and no autoplay', () => {
    vi.useFakeTimers();
    renderInLobby(<BannerCarousel banners={[banner('1')]} label="Featured" />);
    expect(screen.getAllByTestId('banner-slide')).toHaveLength(1);
    expect(screen.queryByTestId('banner-dots')).toBeNull();
    act(() => vi.advanceTimersByTime(20_000));
    expect(screen.getAllByTestId('banner-slide')[0]?.getAttribute('aria-hidden')).toBeNull();
  });

  it('when there are three, then three dots, a loop copy, and the next one after 5000 ms', () => {
    vi.useFakeTimers();
    renderInLobby(<BannerCarousel banners={[banner('1'), banner('2'), banner('3')]} label="Featured" />);
    expect(screen.getAllByTestId('banner-slide')).toHaveLength(4);
    const dots = () => screen.getAllByRole('button', { name: /Show banner/ });
    expect(dots()).toHaveLength(3);
    expect(dots()[0]?.getAttribute('aria-current')).toBe('true');
    act(() => vi.advanceTimersByTime(4_999));
    expect(dots()[0]?.getAttribute('aria-current')).toBe('true');
    act(() => vi.advanceTimersByTime(1));
    expect(dots()[1]?.getAttribute('aria-current')).toBe('true');
  });

  it('when a banner has a linkageType, then it is a link; without one it is not', () => {
    renderInLobby(<BannerCarousel banners={[banner('1'), banner('2', false)]} label="Featured" />);
    const links = screen.getAllByRole('link', { hidden: true });
    // Banner 1 and its loop copy link to the promotions; banner 2 does not link.
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/promotions', '/promotions']);
    expect(screen.getByAltText('Art 2').closest('a')).toBeNull();
  });
});
