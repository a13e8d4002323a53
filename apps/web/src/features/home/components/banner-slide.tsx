import type { BannerItem } from '@fortuna/contracts/home-content';
import { Link } from 'react-router';
import { bannerTarget } from './banner-target.ts';

/** One banner: its artwork, its title over it, and a link when it has a linkageType. */
export function BannerSlide({
  banner,
  position,
  hidden,
}: {
  banner: BannerItem;
  position: string;
  hidden: boolean;
}) {
  const target = bannerTarget(banner);
  const picture = (
    <>
      <img className="banner-slide__image" src={banner.imageUrl} alt={banner.alt} draggable={false} />
      {banner.title ? <span className="banner-slide__title">{banner.title}</span> : null}
    </>
  );
  // Slides out of view are neither read out nor reachable with Tab.
  const focus = hidden ? -1 : undefined;
  return (
    // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is a group; a fieldset is a form's.
    <div
      className="banner-slide"
      role="group"
      aria-roledescription="slide"
      aria-label={position}
      aria-hidden={hidden || undefined}
      data-testid="banner-slide"
    >
      {target?.kind === 'internal' ? (
        <Link className="banner-slide__link" to={target.href} tabIndex={focus}>
          {picture}
        </Link>
      ) : target?.kind === 'external' ? (
        <a
          className="banner-slide__link"
          href={target.href}
          target="_blank"
          rel="noopener noreferrer"
          tabIndex={focus}
        >
          {picture}
        </a>
      ) : (
        <div className="banner-slide__link banner-slide__link--static">{picture}</div>
      )}
    </div>
  );
}
