import { BANNER_AUTOPLAY_MS, BANNER_SPEED_MS } from '@fortuna/contracts/constants';
import type { BannerItem } from '@fortuna/contracts/home-content';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../../shared/ui/use-media-query.ts';
import { BannerSlide } from './banner-slide.tsx';
import './banner-carousel.css';

/**
 * Spec 2.5: one banner per view, autoplay every 5000 ms, 1000 ms slides; looping and the
 * pagination dots only with more than one banner. Autoplay pauses while pointed at or focused.
 * A copy of the first banner after the last makes the loop run on forwards, then the track jumps
 * back to the real first one without a transition.
 */
export function BannerCarousel({ banners, label }: { banners: BannerItem[]; label: string }) {
  const { t } = useTranslation();
  const count = banners.length;
  const looping = count > 1;
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [index, setIndex] = useState(0);
  const [animated, setAnimated] = useState(true);
  const [paused, setPaused] = useState(false);

  const goTo = (next: number) => {
    setAnimated(true);
    // Without a transition there is no transitionend to jump back on: go to the first one directly.
    setIndex(reducedMotion && next >= count ? 0 : next);
  };

  useEffect(() => {
    if (!looping || paused) return;
    const timer = setTimeout(() => goTo(index + 1), BANNER_AUTOPLAY_MS);
    return () => clearTimeout(timer);
  });

  useEffect(() => {
    if (animated) return;
    // Re-enable the transition once the jump back has been painted.
    const frame = requestAnimationFrame(() => setAnimated(true));
    return () => cancelAnimationFrame(frame);
  }, [animated]);

  if (count === 0) return null;
  const slides = looping ? [...banners, banners[0] as BannerItem] : banners;
  const current = index % count;

  return (
    <section
      className="banner-carousel"
      aria-roledescription="carousel"
      aria-label={label}
      data-testid="banner-carousel"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div
        className="banner-carousel__track"
        style={{
          transform: `translateX(-${index * 100}%)`,
          transition: animated && !reducedMotion ? `transform ${BANNER_SPEED_MS}ms ease` : 'none',
        }}
        onTransitionEnd={() => {
          if (index < count) return;
          setAnimated(false);
          setIndex(0);
        }}
      >
        {slides.map((banner, slideIndex) => (
          <BannerSlide
            // biome-ignore lint/suspicious/noArrayIndexKey: the loop's copy of the first banner shares its id.
            key={`${banner.id}-${slideIndex}`}
            banner={banner}
            position={t('banners.position', { n: (slideIndex % count) + 1, count })}
            hidden={slideIndex !== index}
          />
        ))}
      </div>
      {looping ? (
        <div className="banner-carousel__dots" data-testid="banner-dots">
          {banners.map((banner, dot) => (
            <button
              key={banner.id}
              type="button"
              className="banner-carousel__dot"
              aria-label={t('banners.goTo', { n: dot + 1, count })}
              aria-current={dot === current ? 'true' : undefined}
              onClick={() => goTo(dot)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
