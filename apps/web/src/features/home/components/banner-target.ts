import type { BannerItem } from '@fortuna/contracts/home-content';

export type BannerTarget = { kind: 'internal' | 'external'; href: string } | null;

/**
 * Where a banner leads (spec 2.5: clickable when it has a linkageType). The server has checked
 * the targets; external ones are https only, and anything else is not a link.
 */
export function bannerTarget(banner: Pick<BannerItem, 'linkageType' | 'linkageTarget'>): BannerTarget {
  const target = banner.linkageTarget;
  if (!banner.linkageType || !target) return null;
  switch (banner.linkageType) {
    case 'GAME':
      return { kind: 'internal', href: `/seamless?gameCode=${encodeURIComponent(target)}` };
    case 'PROMOTION':
      return { kind: 'internal', href: `/promotions?id=${encodeURIComponent(target)}` };
    case 'PAGE':
      return target.startsWith('/') && !target.startsWith('//') ? { kind: 'internal', href: target } : null;
    case 'EXTERNAL':
      return /^https:\/\//i.test(target) ? { kind: 'external', href: target } : null;
  }
}
